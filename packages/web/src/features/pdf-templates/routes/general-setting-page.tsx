import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, NumberInput, Stack, Switch } from '@mantine/core';
import type { TemplateSettings } from '@under/core/templates/pdf-template.schema';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveTemplateSettings, useTemplate, useTemplateSettings } from '../api/pdf-templates-api';
import { SettingsShell, UnsavedChangesGuard } from '../components/settings-shell';

/** Date formats the PDF filler understands (date-fns patterns); the stored value is kept if it is another. */
const DATE_FORMATS = ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd', 'MM-dd-yyyy', 'MMM d, yyyy'];

/** The general part of the core TemplateSettingsSchema, with the form's empty number as a range error. */
const GeneralFormSchema = z.object({
  defaultFontSize: z.number(T.fontSizeRange).min(4, T.fontSizeRange).max(72, T.fontSizeRange),
  dateFormat: z.string().trim().min(1).max(30),
  visible: z.boolean(),
});
type GeneralForm = z.input<typeof GeneralFormSchema>;

/** /general-setting/{templateId}: the template's default font size, date format and visibility. */
export function GeneralSettingPage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const settings = useTemplateSettings(templateId);
  return (
    <SettingsShell
      title={T.generalTitle}
      description={template.data ? T.generalLead(template.data.name) : undefined}
      templateId={templateId}
      isLoading={settings.isPending}
      error={settings.error ?? template.error}
    >
      {settings.data ? <GeneralForm templateId={templateId} settings={settings.data} /> : null}
    </SettingsShell>
  );
}

function GeneralForm({ templateId, settings }: { templateId: string; settings: TemplateSettings }) {
  const save = useSaveTemplateSettings(templateId);
  const form = useForm<GeneralForm, unknown, z.output<typeof GeneralFormSchema>>({
    resolver: zodResolver(GeneralFormSchema),
    defaultValues: settings.general,
  });
  const formats = DATE_FORMATS.includes(settings.general.dateFormat)
    ? DATE_FORMATS
    : [settings.general.dateFormat, ...DATE_FORMATS];

  const submit = form.handleSubmit(async (general) => {
    try {
      const saved = await save.mutateAsync({ ...settings, general });
      form.reset(saved.general);
      notifySuccess(T.settingsSaved);
    } catch (error) {
      form.setError('root', { message: applyServerErrors(error, form.setError, []) ?? undefined });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="defaultFontSize"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.defaultFontSizeLabel}
              description={T.defaultFontSizeHint}
              withAsterisk
              min={4}
              max={72}
              step={0.5}
              decimalScale={1}
              w={{ base: '100%', sm: 320 }}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="dateFormat"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={T.dateFormatLabel}
              description={T.dateFormatHint}
              withAsterisk
              w={{ base: '100%', sm: 320 }}
              data={formats}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="visible"
          render={({ field }) => (
            <Switch
              label={T.visibleLabel}
              description={T.visibleHint}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FormAlert message={form.formState.errors.root?.message} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {T.saveSettings}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesGuard isDirty={form.formState.isDirty && !form.formState.isSubmitting} />
    </form>
  );
}
