import { Input } from '@mantine/core';
import type {
  CSSProperties,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import classes from './renderer.module.css';

/**
 * Mantine's input look without Mantine's input components. A `TextInput` is about ten components (Box, style props,
 * styles API, contexts) per field; a 300-field form spent most of its mount there. These primitives write the same
 * DOM as `TextInput`, `InputBase`, `NativeSelect` and `Input.Wrapper` (Mantine's own class names from
 * `Input.classes`, the same data attributes and CSS variables), so the theme and Mantine's stylesheet draw them
 * exactly alike: label, asterisk, description, error colour, focus border, sections, disabled.
 */
const IC = Input.classes as Record<
  'root' | 'label' | 'required' | 'description' | 'error' | 'wrapper' | 'input' | 'section',
  string
>;

const ROOT = `${IC.root} mantine-InputWrapper-root`;
const LABEL = `${IC.label} mantine-InputWrapper-label`;
const REQUIRED = `${IC.required} mantine-InputWrapper-required`;
const DESCRIPTION = `${IC.description} mantine-InputWrapper-description`;
const ERROR = `${IC.error} mantine-InputWrapper-error`;
const INPUT = `${IC.input} mantine-Input-input`;
const SECTION = `${IC.section} mantine-Input-section`;

/** `rem()` of Mantine: pixels at the default scale. */
const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/** aria-describedby of a field: its error, then its description (Mantine's order). */
function describedBy(id: string, error: unknown, description: unknown): string | undefined {
  if (error && description) return `${id}-error ${id}-description`;
  if (error) return `${id}-error`;
  if (description) return `${id}-description`;
  return undefined;
}

export function FieldLabel({
  id,
  htmlFor,
  required,
  element = 'label',
  children,
}: {
  id?: string;
  htmlFor?: string;
  required?: boolean;
  element?: 'label' | 'div';
  children: ReactNode;
}) {
  const content = (
    <>
      {children}
      {required ? (
        <span className={REQUIRED} aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
  return element === 'label' ? (
    <label className={LABEL} data-required={required || undefined} htmlFor={htmlFor} id={id}>
      {content}
    </label>
  ) : (
    <div className={LABEL} data-required={required || undefined} id={id}>
      {content}
    </div>
  );
}

export function FieldDescription({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p className={DESCRIPTION} id={id}>
      {children}
    </p>
  );
}

export function FieldError({ id, children, mt }: { id?: string; children: ReactNode; mt?: number }) {
  return (
    <p className={ERROR} id={id} style={mt === undefined ? undefined : { marginTop: rem(mt) }}>
      {children}
    </p>
  );
}

interface ShellProps {
  id: string;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** `div` when the label names a group (aria-labelledby) rather than one input. */
  labelElement?: 'label' | 'div';
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** `Input.Wrapper`: label (with the asterisk), description, the input, error. */
export function FieldShell({
  id,
  label,
  description,
  error,
  required,
  labelElement = 'label',
  className,
  style,
  children,
}: ShellProps) {
  return (
    <div
      className={className ? `${ROOT} ${className}` : ROOT}
      style={style}
      data-size="sm"
      data-error={error ? true : undefined}
    >
      {label ? (
        <FieldLabel
          id={`${id}-label`}
          htmlFor={labelElement === 'label' ? id : undefined}
          required={required}
          element={labelElement}
        >
          {label}
        </FieldLabel>
      ) : null}
      {description ? <FieldDescription id={`${id}-description`}>{description}</FieldDescription> : null}
      {children}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

interface BoxOptions {
  error?: boolean;
  disabled?: boolean;
  pointer?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  leftSectionWidth?: number;
  rightSectionWidth?: number;
  /** A description above moves the input down a little; an error below, up (Mantine's offsets). */
  offsetTop?: boolean;
  offsetBottom?: boolean;
}

/** The input's box (Mantine's `Input` wrapper element) with its sections around `children`. */
function InputBox({
  error,
  disabled,
  pointer,
  leftSection,
  rightSection,
  leftSectionWidth,
  rightSectionWidth,
  offsetTop,
  offsetBottom,
  children,
}: BoxOptions & { children: ReactNode }) {
  let style: CSSProperties | undefined;
  if (leftSectionWidth !== undefined || rightSectionWidth !== undefined) {
    style = {};
    if (leftSectionWidth !== undefined)
      (style as Record<string, string>)['--input-left-section-width'] = rem(leftSectionWidth);
    if (rightSectionWidth !== undefined)
      (style as Record<string, string>)['--input-right-section-width'] = rem(rightSectionWidth);
  }
  const boxClass = [IC.wrapper, 'mantine-Input-wrapper', classes.inputBox];
  if (offsetTop) boxClass.push(classes.inputOffsetTop);
  if (offsetBottom) boxClass.push(classes.inputOffsetBottom);
  return (
    <div
      className={boxClass.join(' ')}
      style={style}
      data-variant="default"
      data-size="sm"
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      data-pointer={pointer || undefined}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
    >
      {leftSection ? (
        <div data-position="left" className={SECTION}>
          {leftSection}
        </div>
      ) : null}
      {children}
      {rightSection ? (
        <div data-position="right" className={SECTION}>
          {rightSection}
        </div>
      ) : null}
    </div>
  );
}

/** Props of a labelled input: the shell's (id, label, description, error, required) and the box's sections. */
interface LabelledProps extends Omit<BoxOptions, 'error' | 'offsetTop' | 'offsetBottom'> {
  id: string;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Classes and style of the outer wrapper (Mantine's `className`, `w`). */
  className?: string;
  style?: CSSProperties;
  /** Style of the input element itself (Mantine's `styles.input`). */
  inputStyle?: CSSProperties;
}

function split<P extends LabelledProps>(props: P) {
  const {
    id,
    label,
    description,
    error,
    required,
    className,
    style,
    inputStyle,
    disabled,
    pointer,
    leftSection,
    rightSection,
    leftSectionWidth,
    rightSectionWidth,
    ...rest
  } = props;
  const hasError = Boolean(error);
  return {
    shell: { id, label, description, error, required, className, style },
    box: {
      error: hasError,
      disabled,
      pointer,
      leftSection,
      rightSection,
      leftSectionWidth,
      rightSectionWidth,
      offsetTop: Boolean(description),
      offsetBottom: hasError,
    },
    control: {
      id,
      className: INPUT,
      style: inputStyle,
      'data-variant': 'default',
      'data-error': hasError || undefined,
      'data-disabled': disabled || undefined,
      disabled,
      required,
      'aria-invalid': hasError || undefined,
      'aria-describedby': describedBy(id, error, description),
    },
    rest,
  };
}

type LiteTextInputProps = LabelledProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'style' | 'disabled' | 'required'> & {
    ref?: Ref<HTMLInputElement>;
  };

/** Mantine's `TextInput`, drawn with the same DOM. */
export function LiteTextInput(props: LiteTextInputProps) {
  const { shell, box, control, rest } = split(props);
  return (
    <FieldShell {...shell}>
      <InputBox {...box}>
        <input {...control} {...rest} />
      </InputBox>
    </FieldShell>
  );
}

type LiteTextareaProps = LabelledProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'style' | 'disabled' | 'required'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** Mantine's `InputBase component="textarea"`. */
export function LiteTextarea(props: LiteTextareaProps) {
  const { shell, box, control, rest } = split(props);
  return (
    <FieldShell {...shell}>
      <InputBox {...box}>
        <textarea {...control} {...rest} />
      </InputBox>
    </FieldShell>
  );
}

interface LiteOption {
  value: string;
  label: string;
}

type LiteSelectProps = Omit<LabelledProps, 'rightSection' | 'rightSectionWidth' | 'pointer'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'style' | 'disabled' | 'required'> & {
    ref?: Ref<HTMLSelectElement>;
    data: readonly LiteOption[];
  };

/** Mantine's `NativeSelect`, chevron included. */
export function LiteSelect({ data, ...props }: LiteSelectProps) {
  const { shell, box, control, rest } = split({ ...props, pointer: true, rightSection: CHEVRON });
  return (
    <FieldShell {...shell}>
      <InputBox {...box}>
        <select {...control} {...rest}>
          {data.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </InputBox>
    </FieldShell>
  );
}

/** Mantine's combobox chevron (the same path), coloured like it. */
const CHEVRON = (
  <svg
    className={classes.chevron}
    viewBox="0 0 15 15"
    fill="none"
    xmlns="http://www.w3.org/2000/svg"
    aria-hidden="true"
  >
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);
