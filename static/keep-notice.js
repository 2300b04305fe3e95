// The history view's one word on keeping the history (the .keep box under the list): nothing where the browser
// promises to keep the site's data (persist() granted; the first save said so on the sheet). Where it does not (Safari, and every browser on
// iPhone and iPad, deletes a site's saved data after 7 days without a visit unless the site is on the Home Screen), it
// is said once, calmly, with what to do: add the site to the Home Screen (iOS's steps; Chromium's own install offer
// where it makes one) or keep an exported file; "Got it" puts it away for good. Then a reminder whenever games saved
// REMIND_DAYS or more days ago are in no exported file ("Later" puts it away for REMIND_DAYS; an export ends it).
// docs/after-the-game.md has the rule.
import { exportedIds, install, installable, persisted } from "./persist.js";
import { keys, read, write } from "./storage.js";
import { bilingual } from "./ui.js";

export const REMIND_DAYS = 7; // Safari's window: a week without a visit and what the site saved is gone
const DAY = 24 * 60 * 60 * 1000;

const installed = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

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
const WHY = {
  zh: "这个浏览器没有承诺一直保留历史记录：空间不足时可能被删除；Safari（以及 iPhone 和 iPad 上的所有浏览器）在 7 天没有访问本站后会删除本站保存的数据，除非本站已添加到主屏幕。想留住它：",
  en: "This browser has not promised to keep the history for good: it may be deleted when space runs low, and Safari (every browser on iPhone and iPad) deletes what this site saved after 7 days without a visit, unless the site is on the Home Screen. To keep it:",
};
const EXPORT_FILE = {
  zh: "或者每次玩完后用上面的“导出”存一份文件（JSON），放到“文件”或网盘里；在这里导入即可恢复。",
  en: "Or export a file (JSON, with Export above) after each game night and keep it in Files or a cloud drive; importing it here brings the games back.",
};

/** The once-said notice: why, what to do, and "Got it". */
function onceNotice(done) {
  const box = document.createElement("div");
  box.className = "keep-once";
  const steps = document.createElement("ul");
  if (installable()) {
    const now = button("install", { zh: "安装本站", en: "Install the site" }, () => install().then(done));
    const item = bilingual("li", { zh: "把本站安装为应用：", en: "Install the site as an app: " });
    item.append(now);
    steps.append(item);
  } else if (!installed()) steps.append(bilingual("li", HOME_SCREEN, "keep-home-screen"), bilingual("li", ANDROID));
  steps.append(bilingual("li", EXPORT_FILE));
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  actions.append(
    button("keep-once-done", { zh: "知道了", en: "Got it" }, () => {
      write(keys.keepNoticeSeen, new Date().toISOString());
      done();
    }),
  );
  box.append(bilingual("p", WHY), steps, actions);
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

/** Fill the history view's keep box (.keep) for these records: its one notice (.keep-notice), hidden when it has
 *  nothing to say; the box says whether the browser keeps the data (data-persisted: true, false or null). */
export async function keepNotice(keepBox, records, exportJson, now = Date.now()) {
  let box = keepBox.querySelector(".keep-notice");
  if (!box) {
    box = document.createElement("div");
    box.className = "keep-notice";
    box.setAttribute("role", "note");
    keepBox.replaceChildren(box);
  }
  const refresh = () => keepNotice(keepBox, records, exportJson, Date.now());
  const kept = await persisted();
  keepBox.dataset.persisted = String(kept);
  const parts = [];
  if (!kept && records.length > 0) {
    if (!read(keys.keepNoticeSeen)) parts.push(onceNotice(refresh));
    const late = unexportedFor(records, new Set(exportedIds()), now);
    if (late.length > 0 && !snoozed(now)) parts.push(reminder(late.length, exportJson, refresh));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
  box.dataset.state = parts.map((p) => p.className).join(" ") || "none";
}
