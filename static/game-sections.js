// play/: every game's <section class="game"> is built inside a <template> (inert: the browser neither lays out nor
// reads its form controls), and put in its place when it is first needed. This script runs after each template (the
// first time it defines the function): the game the address asks for goes in as soon as its template is parsed, so
// its fields take input from first paint, as early as when every game was in the page.
// window.tcGameSection(id): that game's live section (put in place now if it was still a template), or null.
(() => {
  function gameSection(id) {
    const selector = `[data-game="${CSS.escape(String(id))}"]`;
    const live = document.querySelector(`section.game${selector}`);
    if (live) return live;
    const template = document.querySelector(`template.game-template${selector}`);
    if (!template) return null;
    const section = template.content.querySelector("section.game");
    template.replaceWith(template.content); // its nodes move into the page (adopted, not copied)
    return section;
  }
  window.tcGameSection ??= gameSection;
  const { game } = window.tcView(location.hash);
  if (game && gameSection(game)) document.getElementById("tc-hold-paint")?.remove(); // paints again (route.js)
})();
