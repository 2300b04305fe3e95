// Keeping the history through the browser's housekeeping: persistent storage asked for when the first game is saved
// and whether it was granted, Chromium's install offer, and which games are in an exported file. What the history
// view says of it is keep-notice.js's.
import { keys, read, write } from "./storage.js";
import { bilingual } from "./ui.js";

let installPrompt = null; // Chromium's install offer, kept for the history view's notice
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installPrompt = event;
  document.dispatchEvent(new CustomEvent("tc:installable"));
});

/** Whether the browser made its own install offer (Chromium), which install() shows. */
export const installable = () => installPrompt !== null;

/** Show the browser's install offer (once: it cannot be shown again). */
export async function install() {
  const offer = installPrompt;
  installPrompt = null;
  if (offer) await offer.prompt();
}

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

export function exportedIds() {
  try {
    const ids = JSON.parse(read(keys.exported) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch (error) {
    return [];
  }
}
