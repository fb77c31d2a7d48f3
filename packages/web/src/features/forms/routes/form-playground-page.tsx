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
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormRenderer } from '../components/form-renderer';
import { readableAlert } from '../lib/alert-styles';
import { FIXTURES, type FixtureName, isFixtureName } from '../lib/fixtures';

/** The builder is its own chunk: applicants never download it. */
const FormBuilder = lazy(() => import('../builder/form-builder').then((m) => ({ default: m.FormBuilder })));

const ROLES: { value: EndUserRole | ''; label: string }[] = [
  { value: '', label: 'No end-user role (staff preview)' },
  { value: 'primaryOwnerEndUser', label: 'Primary owner' },
  { value: 'sharedOwnerEndUser', label: 'Shared owner' },
  { value: 'sharedOwnerEndUserSubmitNew', label: 'Shared owner submitting new' },
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
            <Code>{issue.path || '(form)'}</Code> {issue.message}
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
              Form playground
            </Title>
            <Text c="dimmed" size="sm">
              Paste a Form.io or Under form definition, render it, fill it in and validate it. Nothing leaves this
              browser.
            </Text>
          </div>
          <SegmentedControl
            aria-label="Playground mode"
            value={mode}
            onChange={(next) => setMode(next as 'render' | 'build')}
            data={[
              { value: 'render', label: 'Fill in' },
              { value: 'build', label: 'Builder' },
            ]}
          />
        </Group>

        {mode === 'build' ? (
          <Suspense fallback={<Loader aria-label="Loading the builder" />}>
            <Stack gap="xs">
              {saved ? (
                <Alert
                  styles={readableAlert}
                  color="green"
                  variant="light"
                  title="Saved"
                  withCloseButton
                  onClose={() => setSaved(false)}
                >
                  The form passed every check. The playground keeps it in this browser only.
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
                    label="Form JSON"
                    description="Form.io JSON or an Under form definition"
                    value={json}
                    onChange={(e) => setJson(e.currentTarget.value)}
                    rows={14}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                  />
                  <Group>
                    <Button onClick={() => loadText(json)} loading={loading}>
                      Render
                    </Button>
                    <Button variant="default" disabled={!form} onClick={() => setMode('build')}>
                      Open in builder
                    </Button>
                  </Group>
                  <NativeSelect
                    label="Fill in as"
                    value={role}
                    onChange={(e) => setRole(e.currentTarget.value as EndUserRole | '')}
                    data={ROLES}
                  />
                  {issues.syntax ? (
                    <Alert styles={readableAlert} color="red" title="Not valid JSON" variant="light">
                      {issues.syntax}
                    </Alert>
                  ) : null}
                  <IssueList title="Errors" color="red" issues={issues.errors} />
                  <IssueList title="Warnings (removed on import)" color="yellow" issues={issues.warnings} />
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
                    <Text c="dimmed">Load a fixture or paste JSON and press Render.</Text>
                  )}
                </Paper>
                {result ? (
                  <Paper withBorder radius="md" p="md">
                    <Title order={2} size="h4" mb="xs">
                      validateSubmission result
                    </Title>
                    <Box
                      component="pre"
                      tabIndex={0}
                      aria-label="validateSubmission result"
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
