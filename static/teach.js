// The first-game walkthrough (rules/<game>/teach/): Next and Back are plain links to each step's #step-n, shown by CSS
// (static/teach.css), so the steps work without this script. It only shows the setup for tonight's player count: the
// count of the game's saved score sheet (as the home page reads it), else the game's default; the host may change it.
import "./rules.js";
import { keys, read } from "./storage.js";
import { readState } from "./sheet-state.js";

const article = document.querySelector("article.teach");
const { game, min, max } = article.dataset;

/** Tonight's count: the saved sheet's, when it is one the game can have; else the page's default. */
function tonight() {
  const state = readState(read(keys.game(game)));
  const players = state?.players;
  return Number.isInteger(players) && players >= Number(min) && players <= Number(max) ? players : Number(article.dataset.default);
}

/** Show the checklist for this count only, and say the count in the setup step's title. */
function showCount(players) {
  for (const list of article.querySelectorAll(".teach-checklist")) list.hidden = Number(list.dataset.players) !== players;
  for (const n of article.querySelectorAll(".teach-n")) n.textContent = String(players);
  for (const heading of article.querySelectorAll(".teach-count-h")) heading.hidden = true;
}

const select = article.querySelector("select.teach-count");
if (select) {
  const players = tonight();
  select.value = String(players);
  select.addEventListener("change", () => showCount(Number(select.value)));
  select.closest(".teach-players").hidden = false;
  // Without this script every count's list shows under the title "Setup"; with it, one count's, named in the title.
  article.querySelector(".teach-setup-any").hidden = true;
  article.querySelector(".teach-setup-n").hidden = false;
  showCount(players);
}
