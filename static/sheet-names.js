// play/'s names row on a phone: a name longer than its field is shown whole, in smaller type on up to three lines,
// over the field while it is not being edited. The field itself keeps its 16 px type (iOS zooms into a field whose
// type is smaller), and a tap goes through to it.

const measure = document.createElement("canvas").getContext("2d");

// px: the whole name on one line in the largest that fits, else on lines in the largest where each word fits whole
// ("Michael" in smaller type, never "Micha/el"; Chinese breaks between any two characters), else the smallest.
const SIZES = [12, 11, 10, 9, 8];

/** The room for text inside a name field, and the width of a text (its value) at a font size (0: the field's own). */
function widths(input, size = 0, text = input.value) {
  const style = getComputedStyle(input);
  measure.font = `${style.fontStyle} ${style.fontWeight} ${size ? `${size}px` : style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [room, measure.measureText(text).width];
}

/** The pieces a line may not break inside: words, and each Chinese character on its own. */
const unbroken = (name) => name.trim().split(/\s+/).flatMap((word) => (/\p{Script=Han}/u.test(word) ? [...word] : [word]));

/** The font size for a long name's overlay `shown` px wide. */
function sizeFor(input, shown) {
  const oneLine = SIZES.slice(0, 3).find((px) => widths(input, px)[1] <= shown);
  const wordsWhole = (px) => unbroken(input.value).every((piece) => widths(input, px, piece)[1] <= shown);
  return oneLine ?? SIZES.find(wordsWhole) ?? SIZES[SIZES.length - 1];
}

function showName(input) {
  const whole = input.nextElementSibling;
  if (!whole?.matches(".name-full")) return;
  // Measured only for a name in a field on screen: each measure reads the field's style and sets the canvas's font,
  // and at start every name field of every game reports its size (most of them blank or hidden; issue 44).
  let long = false;
  if (input.value.trim() !== "" && input.clientWidth > 0) {
    const [room, width] = widths(input);
    long = width > room;
  }
  if (whole.textContent !== input.value) whole.textContent = input.value;
  input.toggleAttribute("data-long", long);
  if (!long) return;
  const shown = input.clientWidth - 4; // the overlay's width inside the field's border
  whole.style.setProperty("--name-size", `${sizeFor(input, shown)}px`);
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
