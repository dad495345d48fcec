import { useId } from "react";
import { focalStyle } from "~/lib/images";
import { FOCAL_CENTRE } from "~/validation/constants";
import { FieldError } from "./form-fields";

// The focal point of a featured image (docs/product.md#focal-point): where the public cards and the detail
// page crop it around. Click (or tap) the image, or focus it and use the arrow keys; the crops beside it
// show what visitors will see.

export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: FOCAL_CENTRE, y: FOCAL_CENTRE };

interface FocalPointFieldProps {
  /** The image (already checked to be showable by the caller); null shows no picker, only the values. */
  url: string | null;
  value: FocalPoint;
  onChange: (value: FocalPoint) => void;
  /** Form field names of x and y. */
  names: { x: string; y: string };
  errors?: { x?: string; y?: string };
}

const clamp = (v: number) => Math.round(Math.min(100, Math.max(0, v)));

/** How a point reads to a screen reader (and under the picker). */
export function describeFocalPoint({ x, y }: FocalPoint): string {
  return x === FOCAL_CENTRE && y === FOCAL_CENTRE ? "Centre (50% across, 50% down)" : `${x}% across, ${y}% down`;
}

export function FocalPointField({ url, value, onChange, names, errors }: FocalPointFieldProps) {
  const id = useId();
  const error = errors?.x ?? errors?.y;
  const inputs = (
    <>
      <input type="hidden" name={names.x} value={value.x} />
      <input type="hidden" name={names.y} value={value.y} />
    </>
  );
  if (!url) return inputs;
  const move = (dx: number, dy: number) => onChange({ x: clamp(value.x + dx), y: clamp(value.y + dy) });
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-2">
      {inputs}
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        Focal point
      </span>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Click the part of the picture that must stay in view (or focus it and use the arrow keys). Cards and the page crop around it.
      </p>
      <div className="flex flex-wrap items-start gap-4">
        {/* A 2-D slider: arrow keys move the point 1% (10% with Shift); Home puts it back in the centre. */}
        <div
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value.x}
          aria-valuetext={describeFocalPoint(value)}
          data-testid="focal-point-picker"
          className="relative w-full max-w-72 cursor-crosshair touch-manipulation overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return;
            onChange({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
          }}
          onKeyDown={(event) => {
            const step = event.shiftKey ? 10 : 1;
            const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
            const delta = moves[event.key];
            if (delta) move(delta[0], delta[1]);
            else if (event.key === "Home") onChange(CENTRE);
            else return;
            event.preventDefault();
          }}
        >
          <img src={url} alt="" draggable={false} className="block h-auto max-h-64 w-full object-contain select-none" />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/40 shadow-[0_0_0_2px_rgb(0_0_0/0.6)]"
            style={{ left: `${value.x}%`, top: `${value.y}%` }}
          />
        </div>
        {/* What visitors will see: a card (3:2) and the page's featured image (2:1, 16:9 on phones). */}
        <div className="flex gap-3 text-xs text-muted-foreground sm:flex-col">
          <span className="grid gap-1">
            Card
            <img src={url} alt="" className="aspect-[3/2] w-32 rounded-md border object-cover" style={focalStyle(value.x, value.y)} data-testid="focal-preview-card" />
          </span>
          <span className="grid gap-1">
            Page
            <img src={url} alt="" className="aspect-[2/1] w-32 rounded-md border object-cover" style={focalStyle(value.x, value.y)} />
          </span>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {/* The slider's value text says the same to a screen reader. */}
        <span aria-hidden="true">{describeFocalPoint(value)}</span>
        {value.x !== FOCAL_CENTRE || value.y !== FOCAL_CENTRE ? (
          <>
            {" · "}
            <button type="button" className="font-medium text-primary underline-offset-2 hover:underline" onClick={() => onChange(CENTRE)}>
              Reset focal point to centre
            </button>
          </>
        ) : null}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
