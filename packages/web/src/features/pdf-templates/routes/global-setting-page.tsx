import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { KeySchema } from '@under/core/templates/pdf-field.schema';
import type { PdfTemplate, TemplateSettings } from '@under/core/templates/pdf-template.schema';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveTemplateSettings, useTemplate, useTemplateSettings } from '../api/pdf-templates-api';
import { SettingsShell, UnsavedChangesGuard } from '../components/settings-shell';

/** One page's entry of the core TemplateSettingsSchema; empty inputs mean "not set". */
const PageFormSchema = z.object({
  fontSize: z.union([z.literal(''), z.number().min(4, T.fontSizeRange).max(72, T.fontSizeRange)]),
  keyPrefix: z.union([z.literal(''), KeySchema]),
});
type PageForm = z.input<typeof PageFormSchema>;

/** /global-setting-page/{templateId}/{pageId?}: font size and key prefix of each page. */
export function GlobalSettingPage() {
  const { templateId = '', pageId } = useParams();
  const template = useTemplate(templateId);
  const settings = useTemplateSettings(templateId);
  const pageCount = template.data?.pageCount ?? 0;
  const page = pageId === undefined ? 1 : Number(pageId);
  const isPageValid = Number.isInteger(page) && page >= 1 && (pageCount === 0 || page <= pageCount);
  if (template.data && !isPageValid) return <Navigate to={`/global-setting-page/${templateId}/1`} replace />;
  return (
    <SettingsShell
      title={T.globalTitle}
      description={template.data ? T.globalLead(template.data.name) : undefined}
      templateId={templateId}
      isLoading={settings.isPending || template.isPending}
      error={settings.error ?? template.error}
    >
      {settings.data && template.data ? (
        // a new page starts a new form with that page's values
        <PageSettingsForm key={page} template={template.data} settings={settings.data} page={page} />
      ) : null}
    </SettingsShell>
  );
}

function PageSettingsForm({
  template,
  settings,
  page,
}: {
  template: PdfTemplate;
  settings: TemplateSettings;
  page: number;
}) {
  const navigate = useNavigate();
  const save = useSaveTemplateSettings(template.templateId);
  const current = settings.pages[String(page)] ?? {};
  const form = useForm<PageForm, unknown, z.output<typeof PageFormSchema>>({
    resolver: zodResolver(PageFormSchema),
    defaultValues: { fontSize: current.fontSize ?? '', keyPrefix: current.keyPrefix ?? '' },
  });

  const submit = form.handleSubmit(async (values) => {
    const entry = {
      ...(values.fontSize === '' ? {} : { fontSize: values.fontSize }),
      ...(values.keyPrefix === '' ? {} : { keyPrefix: values.keyPrefix }),
    };
    const pages = { ...settings.pages };
    if (Object.keys(entry).length > 0) pages[String(page)] = entry;
    else delete pages[String(page)];
    try {
      const saved = await save.mutateAsync({ ...settings, pages });
      const next = saved.pages[String(page)] ?? {};
      form.reset({ fontSize: next.fontSize ?? '', keyPrefix: next.keyPrefix ?? '' });
      notifySuccess(T.settingsSaved);
    } catch (error) {
      form.setError('root', { message: applyServerErrors(error, form.setError, []) ?? undefined });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={T.pageSelectLabel}
          w={{ base: '100%', sm: 320 }}
          data={template.pages.map((p) => ({ value: String(p.page), label: T.pageOption(p.page, p.rotation) }))}
          value={String(page)}
          onChange={(event) =>
            void navigate(`/global-setting-page/${template.templateId}/${event.currentTarget.value}`)
          }
        />
        <Controller
          control={form.control}
          name="fontSize"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.pageFontSizeLabel}
              description={T.pageFontSizeHint(settings.general.defaultFontSize)}
              min={4}
              max={72}
              step={0.5}
              decimalScale={1}
              w={{ base: '100%', sm: 320 }}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label={T.keyPrefixLabel}
          description={T.keyPrefixHint}
          maxLength={100}
          w={{ base: '100%', sm: 320 }}
          {...form.register('keyPrefix', { setValueAs: (v: string) => v.trim() })}
          error={form.formState.errors.keyPrefix?.message}
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
