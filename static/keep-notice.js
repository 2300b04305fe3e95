// The history view's notice on keeping the history where the browser does not promise to keep it (persist() false
// or absent: Safari, and every browser on iPhone and iPad, deletes a site's saved data after 7 days without a visit
// unless the site is on the Home Screen). Said once, with what to do: add the site to the Home Screen (iOS's steps)
// or keep an exported file; "Got it" puts it away for good. Then a reminder whenever games saved REMIND_DAYS or more
// days ago are in no exported file ("Later" puts it away for REMIND_DAYS). docs/after-the-game.md has the rule.
import { persisted } from "./persist.js";
import { keys, read, write } from "./storage.js";
import { bilingual } from "./ui.js";

export const REMIND_DAYS = 7; // Safari's window: a week without a visit and what the site saved is gone
const DAY = 24 * 60 * 60 * 1000;

const installed = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

function exportedIds() {
  try {
    const ids = JSON.parse(read(keys.exported) ?? "[]");
    return new Set(Array.isArray(ids) ? ids : []);
  } catch (error) {
    return new Set();
  }
}

/** The records in no exported file that were saved REMIND_DAYS days or more before now (ms). */
export function unexportedFor(records, exported, now) {
  return records.filter((r) => !exported.has(r.id) && now - Date.parse(r.saved) >= REMIND_DAYS * DAY);
}

/** Whether "Later" was chosen less than REMIND_DAYS days ago. */
function snoozed(now) {
  const later = Date.parse(read(keys.keepReminderLater) ?? "");
  return Number.isFinite(later) && now - later < REMIND_DAYS * DAY;
}

function button(action, text, onClick) {
  const el = bilingual("button", text);
  el.type = "button";
  el.dataset.action = action;
  el.addEventListener("click", onClick);
  return el;
}

const HOME_SCREEN = {
  zh: "添加到主屏幕（iPhone、iPad）：在 Safari 中打开本站，点底部的“分享”按钮（方框加向上箭头），向下滑动，选“添加到主屏幕”，再点“添加”；以后从主屏幕上的图标打开。主屏幕上的应用和 Safari 各自保存数据：先在这里导出，再在应用的“历史记录”中导入。",
  en: "Add the site to the Home Screen (iPhone, iPad): open it in Safari, tap Share (the square with an arrow) at the bottom, scroll down, choose Add to Home Screen, then Add; from then on open it from the icon. The Home Screen app and Safari keep their data apart: export here first, then import it in the app's History.",
};
const ANDROID = {
  zh: "Android：浏览器菜单 →“安装应用”或“添加到主屏幕”。",
  en: "Android: the browser's menu → Install app, or Add to Home screen.",
};
const EXPORT_FILE = {
  zh: "或者每次玩完后导出一份文件（JSON），存到“文件”或网盘里；在这里导入即可恢复。",
  en: "Or export a file (JSON) after each game night and keep it in Files or a cloud drive; importing it here brings the games back.",
};

/** The once-said notice: why, what to do (the export buttons are just below it), and "Got it". */
function onceNotice(done) {
  const box = document.createElement("div");
  box.className = "keep-once";
  const steps = document.createElement("ul");
  if (!installed()) steps.append(bilingual("li", HOME_SCREEN, "keep-home-screen"), bilingual("li", ANDROID));
  steps.append(bilingual("li", EXPORT_FILE));
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  actions.append(
    button("keep-once-done", { zh: "知道了", en: "Got it" }, () => {
      write(keys.keepNoticeSeen, new Date().toISOString());
      done();
    }),
  );
  box.append(
    bilingual("p", { zh: "这个浏览器没有承诺一直保留历史记录。想留住它：", en: "This browser has not promised to keep the history for good. To keep it:" }),
    steps,
    actions,
  );
  return box;
}

/** The reminder of games long saved and never exported. */
function reminder(count, exportJson, done) {
  const box = document.createElement("div");
  box.className = "keep-reminder";
  const games = count === 1 ? "1 game" : `${count} games`;
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  actions.append(
    button("keep-reminder-export", { zh: "导出 JSON", en: "Export JSON" }, exportJson),
    button("keep-reminder-later", { zh: "以后再说", en: "Later" }, () => {
      write(keys.keepReminderLater, new Date().toISOString());
      done();
    }),
  );
  box.append(
    bilingual("p", {
      zh: `有 ${count} 局保存已超过 ${REMIND_DAYS} 天，还不在任何导出的文件里。导出一份，浏览器清理数据时它们就不会丢失。`,
      en: `${games} saved ${REMIND_DAYS} or more days ago ${count === 1 ? "is" : "are"} in no exported file yet. Export a copy, so that the browser's clean-ups cannot take ${count === 1 ? "it" : "them"}.`,
    }),
    actions,
  );
  return box;
}

/** Fill (or empty) the notice above the history view's keep box (.keep), for these records. */
export async function keepNotice(keepBox, records, exportJson, now = Date.now()) {
  let box = keepBox.parentElement.querySelector(".keep-notice");
  if (!box) {
    box = document.createElement("div");
    box.className = "keep-notice";
    box.setAttribute("role", "note");
    keepBox.before(box);
  }
  const refresh = () => keepNotice(keepBox, records, exportJson, Date.now());
  const kept = await persisted();
  const parts = [];
  if (!kept && records.length > 0) {
    if (!read(keys.keepNoticeSeen)) parts.push(onceNotice(refresh));
    const late = unexportedFor(records, exportedIds(), now);
    if (late.length > 0 && !snoozed(now)) parts.push(reminder(late.length, exportJson, refresh));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
  box.dataset.state = parts.map((p) => p.className).join(" ") || "none";
}
