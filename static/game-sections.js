// play/'s games as data blocks: tcGameSection(id) puts one in place; the asked-for one once the parser is past it.
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
    text.replaceWith(template.content);
    return section;
  }
  window.tcGameSection = gameSection;
  const { game } = window.tcView(location.hash);
  if (!game) return;
  const block = () => document.querySelector(`script.game-template[data-game="${CSS.escape(game)}"]`);
  const done = () => {
    parsing.disconnect();
    if (gameSection(game)) document.getElementById("tc-hold-paint")?.remove();
  };
  const parsing = new MutationObserver(() => block()?.nextSibling && done());
  parsing.observe(document.currentScript.parentNode, { childList: true });
  document.addEventListener("DOMContentLoaded", done);
})();
