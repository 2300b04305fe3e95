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
  document.documentElement.dataset.view = viewOf(location.hash).view;
})();
