// Keeping the history through the browser's housekeeping: persistent storage asked for when the first game is saved,
// what can happen where it is not granted (Safari deletes a site's script-written storage after seven days without a
// visit unless the site is on the Home Screen), installing, and which games are not in an exported file yet.
import { keys, read, write } from "./storage.js";
import { bilingual } from "./ui.js";

let installPrompt = null; // Chromium's install offer, kept for the history view's button
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installPrompt = event;
  document.dispatchEvent(new CustomEvent("tc:installable"));
});

const installed = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

/** Whether the browser keeps this site's storage through housekeeping: true, false, or null when it cannot say. */
export async function persisted() {
  try {
    return typeof navigator.storage?.persisted === "function" ? await navigator.storage.persisted() : null;
  } catch (error) {
    return null;
  }
}

/** Ask the browser to keep the site's storage; the answer as a sentence for the place it was asked from. */
export async function askPersist() {
  let granted = null;
  try {
    if (typeof navigator.storage?.persist === "function") granted = await navigator.storage.persist();
  } catch (error) {
    granted = false;
  }
  return granted
    ? { zh: "浏览器同意保留本站的数据：清理空间时不会删除历史记录。", en: "The browser agreed to keep this site's data: it will not delete the history to free space." }
    : {
      zh: "已存入。提示：这个浏览器可能在空间不足或长时间未访问时自行清除历史记录。想长期保留，请在“历史记录”中导出一份备份。",
      en: "Saved. Good to know: this browser may clear the history by itself when space runs low or after weeks without a visit. To keep your games for sure, export a copy from History.",
    };
}

/** Remember that these records are in an exported file. */
export function markExported(ids) {
  const known = new Set(exportedIds());
  for (const id of ids) known.add(id);
  write(keys.exported, JSON.stringify([...known]));
}

function exportedIds() {
  try {
    const ids = JSON.parse(read(keys.exported) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch (error) {
    return [];
  }
}

function button(action, text, onClick) {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.action = action;
  el.append(bilingual("span", text));
  el.addEventListener("click", onClick);
  return el;
}

/** The history view's word on keeping it: persistence granted or not, what can happen, install and export offers. */
export async function showKeep(box, records, exportJson) {
  const kept = await persisted();
  box.dataset.persisted = String(kept);
  if (records.length === 0) return box.replaceChildren();
  const exported = new Set(exportedIds());
  const missing = records.filter((r) => !exported.has(r.id)).length;
  if (kept) {
    return box.replaceChildren(bilingual("p", { zh: "浏览器已同意保留本站的数据（持久存储）。", en: "The browser keeps this site's data (persistent storage granted)." }));
  }
  const parts = [
    bilingual("p", {
      zh: "这个浏览器没有承诺保留历史记录：空间不足时它可能被删除；Safari（iPhone 和 iPad 上的所有浏览器）会在 7 天没有访问本站后删除本站保存的数据，除非本站已添加到主屏幕。",
      en: "This browser has not promised to keep the history: it may be deleted when space runs low, and Safari (every browser on iPhone and iPad) deletes what this site saved after 7 days without a visit, unless the site is on the Home Screen.",
    }, "keep-warning"),
  ];
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  if (!installed()) {
    if (installPrompt) {
      actions.append(button("install", { zh: "安装本站", en: "Install the site" }, async () => {
        installPrompt.prompt();
        installPrompt = null;
      }));
    } else {
      parts.push(bilingual("p", { zh: "安装方法：iPhone/iPad 上点 Safari 的“分享”→“添加到主屏幕”；Android 上点浏览器菜单→“安装应用”或“添加到主屏幕”。", en: "To install: on iPhone/iPad tap Safari's Share → Add to Home Screen; on Android open the browser menu → Install app or Add to Home screen." }, "install-how"));
    }
  }
  actions.append(button("export-keep", { zh: "立即导出 JSON 备份", en: "Export a JSON copy now" }, exportJson));
  if (missing) {
    parts.push(bilingual("p", { zh: `有 ${missing} 局还不在任何导出的文件中。`, en: `${missing} of the games are not in an exported file yet.` }, "export-reminder"));
  }
  box.replaceChildren(...parts, actions);
}
