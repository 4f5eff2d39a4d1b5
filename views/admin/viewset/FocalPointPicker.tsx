import type { FocalPickerView } from '../../../shared/admin/viewset';

/**
 * The image of the image edit screen. With the admin script, a click on it sets the focal point
 * fields below (and a marker shows the point); the fields themselves are the keyboard and
 * no-script way, so the image needs no focus of its own. The marker is placed by the script
 * (CSSOM), so no inline style attribute is needed under the CSP.
 */
export function FocalPointPicker({ picker, x, y }: { picker: FocalPickerView; x: string; y: string }) {
  return (
    <figure className="focal-point-picker" data-focal-picker="" data-x={x} data-y={y}>
      <div className="focal-point-picker__frame">
        <img
          src={picker.src}
          width={picker.width}
          height={picker.height}
          alt={picker.alt}
          className="focal-point-picker__image"
        />
        <span className="focal-point-picker__marker" aria-hidden="true" hidden />
      </div>
      <figcaption className="admin-muted">
        Click the image to set its focal point (crops keep it), or type it in the focal point fields.
      </figcaption>
    </figure>
  );
}
