import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import classes from './signing.module.css';
import { SIGNATURE_MIN_WIDTH_PX } from './signing-constants';

export interface SignatureFieldHandle {
  /** The drawing as a PNG data URL at least SIGNATURE_MIN_WIDTH_PX wide, or null when nothing was drawn. */
  image(): string | null;
  clear(): void;
}

/**
 * A pad to draw on. The canvas keeps a backing store at least SIGNATURE_MIN_WIDTH_PX wide whatever the screen
 * (spec 1 §5: a signature is at least 500 px wide, its height scaled): a 320 px phone draws at a higher ratio.
 */
export function SignatureField({
  label,
  small,
  handle,
  onChange,
}: {
  label: string;
  small?: boolean;
  handle: Ref<SignatureFieldHandle>;
  onChange?: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const size = () => {
      const cssWidth = el.offsetWidth || 320;
      const cssHeight = el.offsetHeight || cssWidth / 4;
      const width = Math.max(SIGNATURE_MIN_WIDTH_PX + 100, Math.round(cssWidth * (window.devicePixelRatio || 1)));
      const ratio = width / cssWidth;
      el.width = width;
      el.height = Math.round(cssHeight * ratio);
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current?.clear();
    };
    pad.current = new SignaturePad(el, { minWidth: 1, maxWidth: 2.5, penColor: '#111' });
    size();
    const changed = () => onChange?.();
    pad.current.addEventListener('endStroke', changed);
    window.addEventListener('resize', size);
    return () => {
      window.removeEventListener('resize', size);
      pad.current?.off();
      pad.current = null;
    };
  }, [onChange]);
  useImperativeHandle(handle, () => ({
    image: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null),
    clear: () => pad.current?.clear(),
  }));
  return (
    <canvas ref={canvas} className={`${classes.pad} ${small ? classes.padSmall : ''}`} role="img" aria-label={label} />
  );
}

/**
 * A typed signature drawn in an italic face onto a 600 × 150 canvas: the keyboard's way to sign. The background
 * stays transparent, as the drawing pad's: the image goes into the institution's signature box and must not hide
 * the form's printed lines and labels around it (issue 21 §2).
 */
export function typedSignature(text: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_MIN_WIDTH_PX + 100;
  canvas.height = 150;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#111';
  let size = 64;
  context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive, serif`;
  while (size > 20 && context.measureText(text).width > canvas.width - 40) {
    size -= 4;
    context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive, serif`;
  }
  context.textBaseline = 'middle';
  context.fillText(text, 20, canvas.height / 2);
  return canvas.toDataURL('image/png');
}
