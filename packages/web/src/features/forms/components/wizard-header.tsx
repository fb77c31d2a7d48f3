import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { DEFAULT_HEADER_COLOR, DEFAULT_PROGRESS_COLOR } from '@under/core/constants';
import type { Ref } from 'react';
import { readableOn } from '../../../lib/contrast';
import classes from './renderer.module.css';

/** The step list's background (Mantine gray.0) and the text colour used where the progress colour is too pale. */
const STEPS_BACKGROUND = '#f8f9fa';
const STEP_TEXT_FALLBACK = '#212529';

export interface WizardColors {
  /** Header background (spec 1 §9 default #4582ec). */
  headerColor?: string;
  headerTextColor?: string;
  /** Progress bar (spec 1 §9 default #2a6add). */
  progressColor?: string;
  /** The mark under steps that are not the current one, and the bar's empty track (master form's default step). */
  stepColor?: string;
}

interface WizardHeaderProps extends WizardColors {
  title: string | undefined;
  pages: readonly { key: string; title: string }[];
  current: number;
  onPick: (index: number) => void;
  /** The "Step n of m" line: the renderer moves focus to it when the page changes. */
  stepRef?: Ref<HTMLParagraphElement>;
}

/** The wizard's coloured header, step list and progress bar. */
export function WizardHeader({
  title,
  pages,
  current,
  onPick,
  headerColor = DEFAULT_HEADER_COLOR,
  headerTextColor = '#fff',
  progressColor = DEFAULT_PROGRESS_COLOR,
  stepColor,
  stepRef,
}: WizardHeaderProps) {
  const currentText = readableOn(progressColor, STEPS_BACKGROUND, STEP_TEXT_FALLBACK);
  const percent = pages.length <= 1 ? 100 : Math.round(((current + 1) / pages.length) * 100);
  return (
    <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} mb="lg">
      <Box bg={headerColor} c={headerTextColor} px="lg" py="md">
        {/* Large bold text: white on the default #4582ec passes WCAG's 3:1 for large text. */}
        <Text fw={700} fz={20}>
          {title || pages[current]?.title}
        </Text>
      </Box>
      <div
        className={classes.progress}
        style={stepColor ? { background: stepColor } : undefined}
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={classes.progressBar} style={{ width: `${percent}%`, background: progressColor }} />
      </div>
      <nav aria-label="Form pages">
        <Group gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} bg="gray.0">
          {pages.map((page, i) => (
            <li key={page.key}>
              <UnstyledButton
                px="md"
                py={8}
                fz="sm"
                fw={i === current ? 700 : 400}
                c={i === current ? currentText : 'gray.8'}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => onPick(i)}
                style={{ borderBottom: `3px solid ${i === current ? progressColor : (stepColor ?? 'transparent')}` }}
              >
                {i + 1}. {page.title}
              </UnstyledButton>
            </li>
          ))}
        </Group>
      </nav>
      {/* Focused on a page change (tabIndex -1): read out, and the next Tab goes to the new page's first field. */}
      <Text ref={stepRef} tabIndex={-1} size="sm" c="gray.7" px="md" pt={6} aria-live="polite">
        Step {current + 1} of {pages.length}: {pages[current]?.title}
      </Text>
    </Box>
  );
}
