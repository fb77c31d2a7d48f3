import { Button, ColorInput, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  HeaderLayoutSchema,
  type MasterFormStructure,
  ProgressLayoutSchema,
} from '@under/core/templates/master-form.schema';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { contrastRatio } from '../../../lib/contrast';
import classes from './layout-style-panel.module.css';

export type HeaderLayout = MasterFormStructure['headerLayout'];
export type ProgressLayout = MasterFormStructure['progressLayout'];

const HEX = /^#[0-9a-fA-F]{6}$/;
export const isLayoutValid = (header: HeaderLayout, progress: ProgressLayout) =>
  [header.backgroundColor, header.textColor, ...Object.values(progress)].every((c) => HEX.test(c));

/** The header (title, subtitle, colours) and progress colours of the universal form; defaults of spec 1 §1 and §9. */
export function LayoutStylePanel({
  header,
  progress,
  onHeader,
  onProgress,
}: {
  header: HeaderLayout;
  progress: ProgressLayout;
  onHeader: (next: HeaderLayout) => void;
  onProgress: (next: ProgressLayout) => void;
}) {
  // ColorInput's own picker has sliders without names, so the browser's colour picker stands in for it
  const colour = (label: string, value: string, set: (v: string) => void, warning?: string) => (
    <ColorInput
      label={label}
      format="hex"
      value={value}
      onChange={set}
      error={HEX.test(value) ? warning : T.colourInvalid}
      withPicker={false}
      withPreview={false}
      withEyeDropper={false}
      maxLength={7}
      rightSection={
        <input
          type="color"
          aria-label={T.pickColour(label)}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => set(e.currentTarget.value)}
          className={classes.picker}
        />
      }
    />
  );
  // The header's title and subtitle are large text (3:1 is enough); the form's own text is not (4.5:1).
  const headerWarning = lowContrast(header.textColor, header.backgroundColor, 3);
  const progressWarning = lowContrast(progress.textColor, progress.backgroundColor, 4.5);
  const resetColours = () => {
    const defaults = HeaderLayoutSchema.parse({});
    onHeader({ ...header, backgroundColor: defaults.backgroundColor, textColor: defaults.textColor });
    onProgress(ProgressLayoutSchema.parse({}));
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="layout-header-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="layout-header-title">
            {T.headerSection}
          </Title>
          <TextInput
            label={T.headerTitleLabel}
            maxLength={200}
            value={header.title}
            onChange={(e) => onHeader({ ...header, title: e.currentTarget.value })}
          />
          <Textarea
            label={T.headerSubtitleLabel}
            maxLength={500}
            rows={3}
            value={header.subtitle}
            onChange={(e) => onHeader({ ...header, subtitle: e.currentTarget.value })}
          />
          <SimpleGrid cols={2} spacing="sm">
            {colour(T.headerBackgroundLabel, header.backgroundColor, (v) =>
              onHeader({ ...header, backgroundColor: v }),
            )}
            {colour(T.headerTextLabel, header.textColor, (v) => onHeader({ ...header, textColor: v }), headerWarning)}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="layout-progress-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="layout-progress-title">
            {T.progressSection}
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            {colour(T.progressBackgroundLabel, progress.backgroundColor, (v) =>
              onProgress({ ...progress, backgroundColor: v }),
            )}
            {colour(
              T.progressTextLabel,
              progress.textColor,
              (v) => onProgress({ ...progress, textColor: v }),
              progressWarning,
            )}
            {colour(T.progressDefaultStepLabel, progress.defaultStepColor, (v) =>
              onProgress({ ...progress, defaultStepColor: v }),
            )}
            {colour(T.progressActiveStepLabel, progress.activeStepColor, (v) =>
              onProgress({ ...progress, activeStepColor: v }),
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={resetColours}>
              {T.resetColours}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function lowContrast(text: string, background: string, needed: number): string | undefined {
  const ratio = contrastRatio(text, background);
  return ratio !== undefined && ratio < needed ? T.lowContrast(ratio.toFixed(1), String(needed)) : undefined;
}
