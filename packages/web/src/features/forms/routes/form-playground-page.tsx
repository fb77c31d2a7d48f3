import {
  Alert,
  Box,
  Button,
  Code,
  Container,
  Grid,
  Group,
  List,
  Loader,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { EndUserRole } from '@under/core/forms/field-types';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { FormIssue } from '@under/core/forms/form-checks';
import type { SubmissionResult } from '@under/core/forms/validate-submission';
import { UI_TEXT } from '@under/core/ui-text';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormRenderer } from '../components/form-renderer';
import { readableAlert } from '../lib/alert-styles';
import { FIXTURES, type FixtureName, isFixtureName } from '../lib/fixtures';

/** The builder is its own chunk: applicants never download it. */
const FormBuilder = lazy(() => import('../builder/form-builder').then((m) => ({ default: m.FormBuilder })));

const ROLES: { value: EndUserRole | ''; label: string }[] = [
  { value: '', label: UI_TEXT.playgroundRoleNone },
  { value: 'primaryOwnerEndUser', label: UI_TEXT.playgroundRolePrimary },
  { value: 'sharedOwnerEndUser', label: UI_TEXT.playgroundRoleShared },
  { value: 'sharedOwnerEndUserSubmitNew', label: UI_TEXT.playgroundRoleSharedNew },
];

interface LoadIssues {
  errors: FormIssue[];
  warnings: FormIssue[];
  syntax?: string;
}

function IssueList({ title, color, issues }: { title: string; color: string; issues: FormIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <Alert styles={readableAlert} color={color} title={title} variant="light">
      <List size="sm" spacing={2}>
        {issues.map((issue) => (
          <List.Item key={`${issue.path}:${issue.message}`}>
            <Code>{issue.path || UI_TEXT.playgroundFormPath}</Code> {issue.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * A public page to try the form engine: paste Form.io or Under JSON (or load a fixture), render it, fill it in,
 * see what `validateSubmission` returns, and edit the form in the builder. Nothing is sent to a server.
 */
export function FormPlaygroundPage() {
  const [params] = useSearchParams();
  const [json, setJson] = useState('');
  const [form, setForm] = useState<FormDefinition>();
  const [issues, setIssues] = useState<LoadIssues>({ errors: [], warnings: [] });
  const [role, setRole] = useState<EndUserRole | ''>('');
  const [result, setResult] = useState<SubmissionResult>();
  const [mode, setMode] = useState<'render' | 'build'>('render');
  const [loading, setLoading] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(async (source: unknown) => {
    setLoading(true);
    setResult(undefined);
    try {
      // The importer (and zod) load on demand: rendering a form never needs them.
      const { importFormio } = await import('@under/core/forms/import-formio');
      const imported = importFormio(source);
      setIssues({ errors: imported.errors, warnings: imported.warnings });
      if (imported.ok && imported.form) setForm(imported.form);
    } finally {
      setLoading(false);
    }
  }, []);

  const loadText = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setIssues({ errors: [], warnings: [], syntax: error instanceof Error ? error.message : String(error) });
      return;
    }
    void load(parsed);
  };

  const loadFixture = useCallback(
    async (name: FixtureName) => {
      const source = await FIXTURES[name].load();
      setJson(JSON.stringify(source, null, 2));
      await load(source);
    },
    [load],
  );

  const fixture = params.get('fixture');
  useEffect(() => {
    if (isFixtureName(fixture)) void loadFixture(fixture);
  }, [fixture, loadFixture]);

  const onBuilderChange = useCallback((next: FormDefinition) => {
    setForm(next);
    setJson(JSON.stringify(next, null, 2));
  }, []);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {UI_TEXT.playgroundTitle}
            </Title>
            <Text c="dimmed" size="sm">
              {UI_TEXT.playgroundLead}
            </Text>
          </div>
          <SegmentedControl
            aria-label={UI_TEXT.playgroundMode}
            value={mode}
            onChange={(next) => setMode(next as 'render' | 'build')}
            data={[
              { value: 'render', label: UI_TEXT.playgroundFillIn },
              { value: 'build', label: UI_TEXT.playgroundBuilder },
            ]}
          />
        </Group>

        {mode === 'build' ? (
          <Suspense fallback={<Loader role="status" aria-label={UI_TEXT.playgroundLoadingBuilder} />}>
            <Stack gap="xs">
              {saved ? (
                <Alert
                  styles={readableAlert}
                  color="green"
                  variant="light"
                  title={UI_TEXT.playgroundSaved}
                  withCloseButton
                  onClose={() => setSaved(false)}
                >
                  {UI_TEXT.playgroundSavedText}
                </Alert>
              ) : null}
              <FormBuilder value={form} onChange={onBuilderChange} onSave={() => setSaved(true)} />
            </Stack>
          </Suspense>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group gap="xs">
                    {(Object.keys(FIXTURES) as FixtureName[]).map((name) => (
                      <Button key={name} variant="light" size="xs" onClick={() => void loadFixture(name)}>
                        {FIXTURES[name].label}
                      </Button>
                    ))}
                  </Group>
                  <Textarea
                    label={UI_TEXT.playgroundJson}
                    description={UI_TEXT.playgroundJsonHelp}
                    value={json}
                    onChange={(e) => setJson(e.currentTarget.value)}
                    rows={14}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                  />
                  <Group>
                    <Button onClick={() => loadText(json)} loading={loading}>
                      {UI_TEXT.playgroundRender}
                    </Button>
                    <Button variant="default" disabled={!form} onClick={() => setMode('build')}>
                      {UI_TEXT.playgroundOpenInBuilder}
                    </Button>
                  </Group>
                  <NativeSelect
                    label={UI_TEXT.playgroundFillInAs}
                    value={role}
                    onChange={(e) => setRole(e.currentTarget.value as EndUserRole | '')}
                    data={ROLES}
                  />
                  {issues.syntax ? (
                    <Alert styles={readableAlert} color="red" title={UI_TEXT.playgroundNotJson} variant="light">
                      {issues.syntax}
                    </Alert>
                  ) : null}
                  <IssueList title={UI_TEXT.playgroundErrors} color="red" issues={issues.errors} />
                  <IssueList title={UI_TEXT.playgroundWarnings} color="yellow" issues={issues.warnings} />
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="lg">
                <Paper withBorder radius="md" p="lg">
                  {form ? (
                    <FormRenderer
                      form={form}
                      role={role || undefined}
                      onSubmit={(_data, r) => setResult(r)}
                      onInvalid={setResult}
                    />
                  ) : (
                    <Text c="dimmed">{UI_TEXT.playgroundEmpty}</Text>
                  )}
                </Paper>
                {result ? (
                  <Paper withBorder radius="md" p="md">
                    <Title order={2} size="h4" mb="xs">
                      {UI_TEXT.playgroundResult}
                    </Title>
                    <Box
                      component="pre"
                      tabIndex={0}
                      aria-label={UI_TEXT.playgroundResult}
                      data-testid="validation-result"
                      fz="xs"
                      style={{ overflow: 'auto', maxHeight: 400 }}
                    >
                      {JSON.stringify(result, null, 2)}
                    </Box>
                  </Paper>
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
