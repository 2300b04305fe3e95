// play/'s names row on a phone: a name longer than its field is shown whole, in smaller type on up to three lines,
// over the field while it is not being edited. The field itself keeps its 16 px type (iOS zooms into a field whose
// type is smaller), and a tap goes through to it.

const measure = document.createElement("canvas").getContext("2d");

const SIZES = [12, 11, 10]; // px: the whole name on one line in the largest that fits, else on lines of the first

/** The room for text inside a name field, and the width of its text at a font size (0: the field's own). */
function widths(input, size = 0) {
  const style = getComputedStyle(input);
  measure.font = `${style.fontStyle} ${style.fontWeight} ${size ? `${size}px` : style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [room, measure.measureText(input.value).width];
}

function showName(input) {
  const whole = input.nextElementSibling;
  if (!whole?.matches(".name-full")) return;
  const [room, width] = widths(input);
  const long = input.value.trim() !== "" && input.clientWidth > 0 && width > room;
  if (whole.textContent !== input.value) whole.textContent = input.value;
  input.toggleAttribute("data-long", long);
  if (!long) return;
  const shown = input.clientWidth - 4; // the overlay's width inside the field's border
  const size = SIZES.find((px) => widths(input, px)[1] <= shown) ?? SIZES[0];
  whole.style.setProperty("--name-size", `${size}px`);
}

/** Every name field of a game after its values were set from a script (a saved sheet, a quick pick, another tab). */
export function showNames(section) {
  for (const input of section.querySelectorAll("input.name")) showName(input);
}

/** Names typed, and fields that change width (a turned phone, another player count), are shown again. */
export function setupNames(section) {
  section.addEventListener("input", (event) => {
    if (event.target.matches?.("input.name")) showName(event.target);
  });
  const resized = new ResizeObserver((entries) => {
    for (const entry of entries) showName(entry.target);
  });
  for (const input of section.querySelectorAll("input.name")) resized.observe(input);
}
