// Firefox for the three-engine tests: Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core. Python
// (tests/engines/drivers/firefox.py) sends one JSON command per line on stdin and reads one JSON answer per line on stdout.
// The first line says the browser's process id; the browser's own output goes to this process's stderr (the log that
// Python keeps). Python kills this process and the browser if an answer does not come in time.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, proxyPort, morePrefs] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  // A command to the browser fails after this long instead of waiting for ever (Python waits 90 s for an answer).
  protocolTimeout: 60_000,
  // Release builds honour services.settings.server only with this set.
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
  extraPrefsFirefox: {
    // Every request to another host goes to the tests' recording proxy; the site's own (loopback) ones do not.
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": Number(proxyPort),
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": Number(proxyPort),
    "network.proxy.allow_hijacking_localhost": false,
    // Firefox's own background services, which would otherwise show up as requests to other hosts.
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "network.connectivity-service.enabled": false,
    "network.captive-portal-service.enabled": false,
    // The tests' own, from Python (FASTER_FOR_TESTS in tests/engines/drivers/firefox.py).
    ...JSON.parse(morePrefs || "{}"),
  },
});

for (const stream of [browser.process()?.stdout, browser.process()?.stderr]) {
  stream?.on("data", (chunk) => process.stderr.write(chunk));
}

const contexts = new Map(); // id -> { context, page, errors }
let nextId = 1;

/** Run a function given as source text in the page with these arguments (the function may be async). */
function evaluate(page, source, args) {
  return page.evaluate(new Function("args", `return (${source})(...args);`), args);
}

const ops = {
  async open({ width, height }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(60_000);
    await page.setViewport({ width, height });
    const entry = { context, page, errors: [] };
    page.on("pageerror", (error) => entry.errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") entry.errors.push(`console: ${message.text()}`);
    });
    const id = nextId++;
    contexts.set(id, entry);
    return id;
  },
  async goto({ id, url }) {
    await contexts.get(id).page.goto(url, { waitUntil: "load" });
  },
  async reload({ id }) {
    await contexts.get(id).page.reload({ waitUntil: "load" });
  },
  async js({ id, source, args }) {
    return await evaluate(contexts.get(id).page, source, args);
  },
  async click({ id, selector }) {
    await contexts.get(id).page.click(selector);
  },
  async type({ id, selector, text }) {
    // Two round trips to the browser, not seven: the field focused with its text selected, then the keys typed over
    // the selection (one action sequence), or Backspace to empty it.
    const page = contexts.get(id).page;
    await evaluate(page, "(css) => { const field = document.querySelector(css); field.focus(); field.select(); }", [
      selector,
    ]);
    if (text) await page.keyboard.type(text);
    else await page.keyboard.press("Backspace");
  },
  async select({ id, selector, value }) {
    await contexts.get(id).page.select(selector, value);
  },
  async screenshot({ id, path }) {
    await contexts.get(id).page.screenshot({ path, fullPage: false });
  },
  async pdf({ id }) {
    return Buffer.from(await contexts.get(id).page.pdf({ format: "A4", printBackground: true })).toString("base64");
  },
  async errors({ id }) {
    return contexts.get(id).errors.splice(0);
  },
  async close({ id }) {
    await contexts.get(id).context.close();
    contexts.delete(id);
  },
  async version() {
    return await browser.version();
  },
  async quit() {
    await browser.close();
    process.exit(0);
  },
};

const lines = createInterface({ input: process.stdin });
process.stdout.write(`${JSON.stringify({ ready: browser.process()?.pid ?? null })}\n`);
for await (const line of lines) {
  const { op, args } = JSON.parse(line);
  let answer;
  try {
    answer = { ok: true, value: (await ops[op](args ?? {})) ?? null };
  } catch (error) {
    answer = { ok: false, error: String(error?.stack ?? error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await browser.close();
