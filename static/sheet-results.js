// play/'s outputs: problems beside the fields they name, totals, computed rows and places next to the total row,
// the ranking with its reasons, the chart, the one-line result to copy or share, print.
import { message, uiLang, uiScript, uiTag } from "./site.js";
import { bilingual, nameText, plain, spansIn } from "./ui.js";
import { showFigure } from "./figure.js";
import { fieldElements, typedValue } from "./sheet-inputs.js";

/** What the players typed (names, values): never converted between scripts. */
export function typedIn(section) {
  const typed = [];
  for (const el of section.querySelectorAll("input[type=text]")) {
    const value = typedValue(el);
    if (value) typed.push(value, value.trim(), value.trim().split(/\s+/).join(" "));
  }
  return typed;
}

// ---- problems

/** A choice the table makes that a problem asks for (Palais Royal's "Ties on an edge"), offered inside the problem:
 *  the select the problem names, or a table choice not made yet whose label the message quotes. */
function choiceHere(form, problem) {
  const named = fieldElements(form, problem.field).find((el) => el instanceof HTMLSelectElement);
  const unset = [...form.querySelectorAll('select[data-field][data-player="-1"]')].find((el) => {
    const label = document.getElementById(el.getAttribute("aria-labelledby")?.split(" ")[0] ?? "")?.querySelector(".l-en");
    return el.value === "" && label && problem.en.includes(`“${label.textContent.trim()}”`);
  });
  const real = named ?? unset;
  if (!real) return null;
  const copy = real.cloneNode(true);
  copy.removeAttribute("data-field");
  copy.removeAttribute("id");
  copy.value = real.value;
  copy.className = "choice-here";
  asQuestion(copy);
  copy.addEventListener("change", () => {
    real.value = copy.value;
    real.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return copy;
}

/** A choice asked inside a problem offers "Choose…" where the sheet's own select says "(not chosen)". */
function asQuestion(select) {
  const blank = select.querySelector('option[value=""]');
  if (!blank) return;
  const said = (css) => document.querySelector(`#messages [data-msg=choose] ${css}`).textContent;
  Object.assign(blank.dataset, { zhHans: said(".l-zh.s-hans"), zhHant: said(".l-zh.s-hant"), en: said(".l-en") });
  blank.textContent = blank.dataset[uiLang() === "en" ? "en" : uiScript() === "hant" ? "zhHant" : "zhHans"];
}

/** The problems that leave a sheet open (blank fields it needs, not bad ones): their fields are outlined as needed,
 *  their messages shown calmly, by this class. */
const OPEN = { tie: "tie-open", missing: "needed", choice: "tie-open" };

export function showProblems(form, problems, keep) {
  const section = form.closest("section.game");
  for (const el of section.querySelectorAll("[aria-invalid=true], [data-needed]")) {
    if ((form.contains(el) && !el.closest(".problems")) || el.dataset.field === "name") { // a choice asked stays as shown
      el.removeAttribute("aria-invalid");
      el.removeAttribute("data-needed");
    }
  }
  for (const problem of problems) {
    for (const path of problem.fields ?? [problem.field]) {
      for (const el of fieldElements(form, path)) {
        if (OPEN[problem.kind]) el.setAttribute("data-needed", "true");
        else el.setAttribute("aria-invalid", "true");
      }
    }
  }
  const list = document.createElement("ul");
  for (const problem of problems) {
    const item = bilingual("li", problem, OPEN[problem.kind] ?? "", keep);
    const choice = choiceHere(form, problem);
    if (choice) item.append(choice);
    list.append(item);
  }
  // A list that reads as the one shown (its choices set alike) is left alone: a late answer cannot close a choice a
  // player has open.
  const box = form.querySelector(".problems");
  const choices = (ul) => JSON.stringify([...(ul?.querySelectorAll("select") ?? [])].map((el) => el.value));
  const shown = box.querySelector("ul");
  if (shown?.outerHTML === list.outerHTML && choices(shown) === choices(list)) return;
  box.replaceChildren(...(problems.length ? [list] : []));
}

// ---- totals, computed rows, places, ranking

function clearOutputs(form) {
  for (const out of form.querySelectorAll("output.total, output.computed, output.place")) {
    out.textContent = "–";
    delete out.dataset.place;
  }
}

function writeBreakdown(form, index, total, breakdown) {
  const out = form.querySelector(`output.total[data-player="${index}"]`);
  if (out && total !== null) out.textContent = String(total);
  for (const cell of form.querySelectorAll(`output.computed[data-player="${index}"]`)) {
    if (breakdown && cell.dataset.key in breakdown) cell.textContent = String(breakdown[cell.dataset.key]);
  }
}

/** "1", "2?" (waiting for a tie-breaker), "–" (the rules rank only the winner). */
function placeText(player) {
  if (player.place === null) return "–";
  return player.decided_by.kind === "pending" ? `${player.place}?` : String(player.place);
}

function rankingItem(form, player, keep) {
  const li = document.createElement("li");
  li.className = "rank";
  const head = document.createElement("span");
  head.className = "who";
  head.append(`${placeText(player)}${player.place === null ? "" : "."} `, nameText(player.name), player.total === null ? "" : ` · ${player.total}`);
  const why = document.createElement("span");
  why.className = "why";
  // In the reader's language and script only (the switches show the other).
  why.append(...spansIn("zh", player.decided_by, keep, "l-zh"), ...spansIn("en", player.decided_by, keep, "l-en"));
  if (player.decided_by.section) {
    const rule = document.createElement("a");
    rule.className = "rule-link why-rule";
    rule.append(...message("rule").childNodes);
    rule.href = `../rules/${form.closest("section.game").dataset.game}/#${player.decided_by.section}`;
    why.append(" ", rule); // a space: "…built them first. Rule", never "first.Rule"
  }
  li.dataset.place = player.place ?? "";
  li.dataset.kind = player.decided_by.kind;
  li.append(head, why);
  return li;
}

/** The result (final, or with places waiting for a tie-breaker) into the grid and the ranking below it. */
function showRanking(form, result, keep) {
  const ranking = form.querySelector(".ranking");
  for (const player of result.players) {
    writeBreakdown(form, player.seat, player.total, player.breakdown);
    const place = form.querySelector(`output.place[data-player="${player.seat}"]`);
    if (place) {
      place.textContent = placeText(player);
      place.dataset.place = player.decided_by.kind === "pending" ? "open" : String(player.place ?? "");
    }
    ranking.append(rankingItem(form, player, keep));
  }
}

export function showResult(form, answer, keep) {
  const notes = form.querySelector(".result-notes");
  const share = form.querySelector(".share");
  const chart = form.querySelector("[data-figure=chart]");
  clearOutputs(form);
  form.querySelector(".ranking").replaceChildren();
  notes.replaceChildren();
  if (answer.result) showRanking(form, answer.result, keep);
  if (answer.ok) {
    for (const note of answer.result.notes) notes.append(bilingual("li", note, "", keep));
    form.querySelector(".summary").replaceChildren(...bilingual("span", answer.summary, "", keep).childNodes);
    share.dataset.text = plain(answer.summary, keep);
    share.hidden = false;
    announce(form, share.dataset.text);
    showFigure(chart, answer.chart, keep);
    form.dataset.state = "final";
  } else {
    chart.replaceChildren();
    announce(form, ""); // no ranking is read out while the sheet is open (a ranking read before would be stale)
    for (const entry of answer.partial ?? []) writeBreakdown(form, entry.index, entry.total, entry.breakdown);
    share.hidden = true;
    form.dataset.state = answer.result ? "tie-open" : "incomplete";
  }
}

// The ranking is read out once typing pauses, not at every key.
const announcing = new WeakMap();
function announce(form, text) {
  clearTimeout(announcing.get(form));
  announcing.set(form, setTimeout(() => {
    const live = form.querySelector(".announce");
    if (live.textContent === text) return;
    live.lang = uiTag();
    live.textContent = text;
  }, 800));
}

/** An edit empties the screen reader's line at once: the ranking it said is not the sheet's any more; the next
 *  answer says the new one (or nothing while the sheet is open). */
export function quietWhileEdited(form) {
  const quiet = () => {
    clearTimeout(announcing.get(form));
    const live = form.querySelector(".announce");
    if (live.textContent !== "") live.textContent = "";
  };
  form.addEventListener("input", quiet); // not "change": it comes again on leaving a field, after the new answer
}

// ---- share, copy, print

async function copyText(text, source) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    // No clipboard access (an older browser, or no permission): copy the selected summary the old way.
    const range = document.createRange();
    range.selectNodeContents(source);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    try {
      return document.execCommand("copy");
    } catch (error2) {
      return false;
    }
  }
}

export function setupSharing(form, gameName) {
  const share = form.querySelector(".share");
  const state = share.querySelector(".share-state");
  const shareButton = share.querySelector("[data-action=share]");
  shareButton.hidden = typeof navigator.share !== "function";
  share.querySelector("[data-action=copy]").addEventListener("click", async () => {
    const done = await copyText(share.dataset.text, share.querySelector(".summary"));
    state.replaceChildren(...message(done ? "copied" : "not-copied").childNodes);
  });
  shareButton.addEventListener("click", () => {
    navigator.share({ title: gameName(), text: share.dataset.text }).catch((error) => {
      if (error.name !== "AbortError") console.warn("sharing failed", error);
    });
  });
}

export function printSheet(blank) {
  const root = document.documentElement;
  if (blank) {
    root.dataset.print = "blank";
    addEventListener("afterprint", () => delete root.dataset.print, { once: true });
  }
  print();
}
