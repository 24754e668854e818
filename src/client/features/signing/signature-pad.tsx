import { useEffect, useRef, type PointerEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { m } from '#shared/i18n/messages.ts';

type SignaturePadProps = {
  /** The drawing as a PNG data URL; none leaves the pad blank (and clears it). */
  value: string | null | undefined;
  /** Called with the drawing as a PNG data URL after each stroke, or null when the pad is cleared. */
  onChange: (image: string | null) => void;
  describedBy?: string;
};

/**
 * A plain canvas to draw a signature on with a mouse, a pen or a finger (pointer events). The
 * drawing is exported as a PNG after each stroke. Keyboard users keep the typed signature instead.
 */
export function SignaturePad({ value, onChange, describedBy }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's pixel density, so the exported image is sharp, within a small file.
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.2;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0f1f5c';
  }, []);

  // The drawing is the value's: with none (cleared by the form, say), the pad is blank.
  useEffect(() => {
    if (value) return;
    wipe(canvasRef.current);
    drawn.current = false;
  }, [value]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    drawn.current = true;
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    if (drawn.current) onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    wipe(canvasRef.current);
    drawn.current = false;
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={m.signing_pad_label()}
        aria-describedby={describedBy}
        className="h-36 w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        data-testid="signature-pad"
      />
      <div className="mt-2 flex justify-end">
        <Button variant="secondary" onClick={clear}>
          {m.signing_pad_clear()}
        </Button>
      </div>
    </div>
  );
}

/** Clears the canvas, keeping its scale and pen. */
function wipe(canvas: HTMLCanvasElement | null) {
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.restore();
}
