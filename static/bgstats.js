// Send to BG Stats: a saved game handed to the BG Stats app by BG Stats' documented import link, which
// scoring/bgstats.py builds (the worker's history action "bgstats"; docs/bg-stats.md has the format and its source).
// A link the player taps, never a request of this page: BG Stats opens with the play to confirm (or, without the app,
// its web page says how to get it). Shown on each game of the history and on a sheet just saved. A link gets its
// address as its game comes near the screen, so a long history asks Python only for the games looked at.
import { bilingual } from "./ui.js";

const LABEL = { zh: "发送到 BG Stats", en: "Send to BG Stats" };
const watching = new WeakMap(); // a history list: the observer giving its games' links their addresses

/** A "Send to BG Stats" link, hidden until it has its address; put at the end of `into` if given (in place of the
 *  one there before). */
export function offerBgStats(into) {
  into?.querySelector("[data-action=bgstats]")?.remove();
  const link = bilingual("a", LABEL, "bgstats-link");
  link.dataset.action = "bgstats";
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  link.hidden = true;
  into?.append(link);
  return link;
}

/** Give these links ([record id, link] pairs) their addresses, asked of Python in one call; a game with none says
 *  why there (in both languages) instead. */
async function fill(store, offers) {
  let answer;
  try {
    answer = await store.change("bgstats", offers.map(([id]) => id).join(","));
  } catch (error) {
    return; // no calculator: the links stay hidden
  }
  if (!answer.ok) return;
  for (const [id, link] of offers) {
    const made = answer.links?.[id];
    if (!made) continue;
    if (made.url) {
      link.href = made.url;
      link.hidden = false;
    } else link.replaceWith(bilingual("span", made.problem, "bgstats-problem"));
  }
}

/** The link of a game just saved (its record id), beside "Saved in the history". */
export function fillBgStats(store, recordId, link) {
  return fill(store, [[recordId, link]]);
}

/** The history list's links, each given its address as its game (.record; the hidden link has no box to watch)
 *  comes within a screen of being seen. */
export function watchBgStats(list, store) {
  watching.get(list)?.disconnect();
  const observer = new IntersectionObserver((entries) => {
    const near = entries.filter((e) => e.isIntersecting).map((e) => e.target);
    for (const record of near) observer.unobserve(record);
    const offers = near.map((record) => [record.dataset.id, record.querySelector("[data-action=bgstats]")]);
    if (offers.length) fill(store, offers.filter(([, link]) => link));
  }, { rootMargin: "100% 0px" });
  for (const record of list.querySelectorAll(".record")) observer.observe(record);
  watching.set(list, observer);
}
