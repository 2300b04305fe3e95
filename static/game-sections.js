// play/: each game's <section class="game"> waits as the text of a data block (templates/play.html), parsed and put
// in place when first needed. Run after each block: the game the address asks for goes in as soon as its block is read.
// window.tcGameSection(id): that game's live section (put in place now if it was still text), or null.
(() => {
  function gameSection(id) {
    const selector = `[data-game="${CSS.escape(String(id))}"]`;
    const live = document.querySelector(`section.game${selector}`);
    if (live) return live;
    const text = document.querySelector(`script.game-template${selector}`);
    if (!text) return null;
    const template = document.createElement("template");
    template.innerHTML = text.textContent;
    const section = template.content.querySelector("section.game");
    text.replaceWith(template.content); // its nodes move into the page (adopted, not copied)
    return section;
  }
  window.tcGameSection ??= gameSection;
  const { game } = window.tcView(location.hash);
  if (game && gameSection(game)) document.getElementById("tc-hold-paint")?.remove(); // paints again (route.js)
})();
