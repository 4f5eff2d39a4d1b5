/**
 * The image edit screen's focal point picker (views/admin/viewset/FocalPointPicker.tsx): a click
 * on the image writes the point, as fractions of the width and height, into the focal point
 * fields, and the marker follows those fields (typed values too).
 */
const FIELDS = { x: 'focal_point_x', y: 'focal_point_y' } as const;

function fraction(value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 1 ? number : null;
}

export function setUpFocalPicker(figure: HTMLElement): void {
  const form = figure.closest('form');
  const image = figure.querySelector<HTMLImageElement>('img');
  const marker = figure.querySelector<HTMLElement>('.focal-point-picker__marker');
  const inputX = form?.querySelector<HTMLInputElement>(`input[name=${FIELDS.x}]`);
  const inputY = form?.querySelector<HTMLInputElement>(`input[name=${FIELDS.y}]`);
  if (!image || !marker || !inputX || !inputY) return;

  const place = () => {
    const x = fraction(inputX.value);
    const y = fraction(inputY.value);
    marker.hidden = x === null || y === null;
    if (x !== null && y !== null) {
      marker.style.left = `${x * 100}%`;
      marker.style.top = `${y * 100}%`;
    }
  };
  image.addEventListener('click', (event) => {
    const box = image.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const round = (n: number) => String(Math.round(Math.min(Math.max(n, 0), 1) * 1000) / 1000);
    inputX.value = round((event.clientX - box.left) / box.width);
    inputY.value = round((event.clientY - box.top) / box.height);
    inputX.dispatchEvent(new Event('input', { bubbles: true }));
    place();
  });
  image.classList.add('focal-point-picker__image--clickable');
  inputX.addEventListener('input', place);
  inputY.addEventListener('input', place);
  place();
}

for (const figure of document.querySelectorAll<HTMLElement>('[data-focal-picker]')) setUpFocalPicker(figure);
