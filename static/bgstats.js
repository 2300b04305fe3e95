// Send to BG Stats: a saved game handed to the BG Stats app by BG Stats' documented import link, which
// scoring/bgstats.py builds (the worker's history action "bgstats"; docs/bg-stats.md has the format and its source).
// A link the player taps, never a request of this page: BG Stats opens with the play to confirm (or, without the app,
// its web page says how to get it). Shown on each game of the history and on a sheet just saved.
import { bilingual } from "./ui.js";

const LABEL = { zh: "发送到 BG Stats", en: "Send to BG Stats" };

/** A "Send to BG Stats" link, hidden until fillBgStats gives it its address; put at the end of `into` if given (in
 *  place of the one there before). */
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

/** Give the BG Stats links their addresses: every listed game's under root (.record), or, with recordId, that game's
 *  `only` link. A game with none says why there (in both languages) instead. */
export async function fillBgStats(root, store, recordId = "", only = null) {
  let answer;
  try {
    answer = await store.change("bgstats", recordId);
  } catch (error) {
    return; // no calculator: the links stay hidden
  }
  if (!answer.ok) return;
  const offers = only ? [[recordId, only]] : [...root.querySelectorAll(".record")].map((li) => [li.dataset.id, li.querySelector("[data-action=bgstats]")]);
  for (const [id, link] of offers) {
    const made = answer.links?.[id];
    if (!link || !made) continue;
    if (made.url) {
      link.href = made.url;
      link.hidden = false;
    } else link.replaceWith(bilingual("span", made.problem, "bgstats-problem"));
  }
}
