// Runs in play/'s <head> before first paint: which game and tool the address asks for (the same answer play.js's
// route() uses), on <html data-view>, so play/routes.css shows that view and its fields take input at first paint.
// tc-routes: each game's tools; tc-views: the other views ({id, prefix}), declared in sitebuild/views.py.
(() => {
  const routes = JSON.parse(document.querySelector("meta[name=tc-routes]").content);
  const views = JSON.parse(document.querySelector("meta[name=tc-views]").content);
  const first = Object.keys(routes)[0];
  function viewOf(hash) {
    const prefixed = views.find((v) => v.prefix !== null && hash.startsWith(v.prefix)); // a result passed by link
    if (prefixed) return { view: prefixed.id, game: null, tool: null };
    let gameId = "", tool = "";
    try {
      [gameId = "", tool = ""] = decodeURIComponent(hash.slice(1)).split("/");
    } catch (e) { /* a malformed address: the first game's score sheet */ }
    if (views.some((v) => v.prefix === null && v.id === gameId)) return { view: gameId, game: null, tool: null };
    const game = Object.hasOwn(routes, gameId) ? gameId : first;
    const chosen = routes[game].includes(tool) ? tool : "score";
    return { view: `${game}/${chosen}`, game, tool: chosen };
  }
  window.tcView = viewOf;
  const { view, game } = viewOf(location.hash);
  document.documentElement.dataset.view = view;
  // The game's section waits in a <template> until game-sections.js puts it in place, right after the parser has read
  // it: Chromium holds its paints until then (game-sections.js removes this link; the parser's end would too), else it
  // paints the page's top alone and the game a moment later. Browsers without <link rel=expect> paint as before.
  if (game) {
    const hold = Object.assign(document.createElement("link"), { rel: "expect", href: `#game-${game}`, id: "tc-hold-paint" });
    hold.setAttribute("blocking", "render");
    document.head.append(hold);
  }
})();
