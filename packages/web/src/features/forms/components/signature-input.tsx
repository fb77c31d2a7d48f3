import { Box, Button, Group, Image, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** Spec 1 §5: the signature area is at least 500 px wide; its height keeps the 500 x 150 ratio. */
const SIGNATURE_MIN_WIDTH = 500;
const RATIO = 150 / 500;

interface SignatureInputProps {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  penColor: string | undefined;
  backgroundColor: string | undefined;
  onChange: (value: string | undefined) => void;
  inputRef: (el: HTMLElement | null) => void;
}

/** A typed name drawn in a script face: the keyboard alternative to drawing. */
function typedSignature(name: string, width: number, height: number): string | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111';
  ctx.font = `italic ${Math.round(height * 0.35)}px "Brush Script MT", "Segoe Script", cursive`;
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 24, height / 2, width - 48);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return undefined;
  }
}

export function SignatureInput(props: SignatureInputProps) {
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const { onChange, disabled, penColor, backgroundColor } = props;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'draw' || !canvas || !canvas.getContext('2d')) return;
    const width = Math.max(SIGNATURE_MIN_WIDTH, canvas.parentElement?.clientWidth ?? SIGNATURE_MIN_WIDTH);
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${Math.round(width * RATIO)}px`;
    canvas.width = width * ratio;
    canvas.height = Math.round(width * RATIO) * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, {
      penColor: penColor || 'black',
      backgroundColor: backgroundColor || 'rgb(255,255,255)',
    });
    padRef.current = pad;
    pad.addEventListener('endStroke', () => onChange(pad.isEmpty() ? undefined : pad.toDataURL('image/png')));
    if (disabled) pad.off();
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [mode, disabled, penColor, backgroundColor, onChange]);

  const clear = () => {
    padRef.current?.clear();
    setTyped('');
    onChange(undefined);
  };

  if (disabled) {
    return props.value ? (
      <Image src={props.value} alt={`${props.label} (signed)`} w={SIGNATURE_MIN_WIDTH} mt={4} />
    ) : (
      <Text size="sm" c="dimmed" mt={4}>
        Not signed
      </Text>
    );
  }

  return (
    <Box mt={6}>
      <SegmentedControl
        size="xs"
        mb={8}
        value={mode}
        onChange={(next) => {
          setMode(next as 'draw' | 'type');
          clear();
        }}
        data={[
          { value: 'draw', label: 'Draw' },
          { value: 'type', label: 'Type your name' },
        ]}
        aria-label={`${props.label}: how to sign`}
      />
      {mode === 'draw' ? (
        <Box style={{ overflowX: 'auto' }}>
          <canvas
            id={props.id}
            ref={(el) => {
              canvasRef.current = el;
              props.inputRef(el);
            }}
            tabIndex={0}
            role="img"
            aria-label={`${props.label}: signature drawing area. To sign with the keyboard, choose "Type your name".`}
            aria-describedby={props.describedBy}
            style={{
              display: 'block',
              minWidth: SIGNATURE_MIN_WIDTH,
              width: '100%',
              aspectRatio: `${1 / RATIO}`,
              border: `1px solid ${props.invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
              borderRadius: 'var(--mantine-radius-md)',
              touchAction: 'none',
            }}
          />
        </Box>
      ) : (
        <TextInput
          id={props.id}
          ref={props.inputRef}
          aria-label={`${props.label}: type your full name`}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          placeholder="Type your full name"
          value={typed}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setTyped(name);
            onChange(
              name.trim() ? typedSignature(name.trim(), SIGNATURE_MIN_WIDTH, SIGNATURE_MIN_WIDTH * RATIO) : undefined,
            );
          }}
          styles={{ input: { fontFamily: '"Brush Script MT", "Segoe Script", cursive', fontSize: 22 } }}
        />
      )}
      <Group justify="flex-end" mt={6}>
        <Button variant="default" size="xs" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Box>
  );
}
