// Runs in play/'s <head> before first paint: which game and tool the address asks for (the same answer play.js's
// route() uses), on <html data-view>, so play/routes.css shows that view and its fields take input at first paint.
(() => {
  const routes = JSON.parse(document.querySelector("meta[name=tc-routes]").content);
  const first = Object.keys(routes)[0];
  function viewOf(hash) {
    if (hash.startsWith("#r=")) return { view: "shared", game: null, tool: null }; // a result passed by link
    let gameId = "", tool = "";
    try {
      [gameId = "", tool = ""] = decodeURIComponent(hash.slice(1)).split("/");
    } catch (e) { /* a malformed address: the first game's score sheet */ }
    if (gameId === "history" || gameId === "stats") return { view: gameId, game: null, tool: null };
    const game = Object.hasOwn(routes, gameId) ? gameId : first;
    const chosen = routes[game].includes(tool) ? tool : "score";
    return { view: `${game}/${chosen}`, game, tool: chosen };
  }
  window.tcView = viewOf;
  document.documentElement.dataset.view = viewOf(location.hash).view;
})();
