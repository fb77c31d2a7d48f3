import { Alert, Badge, Button, Group, NativeSelect, Paper, SegmentedControl } from '@mantine/core';
import type { FormIssue } from '@under/core/forms/form-checks';
import { UI_TEXT } from '@under/core/ui-text';
import type { RefObject } from 'react';
import { readableAlert } from '../lib/alert-styles';
import { IssueList } from './json-dialogs';

interface BuilderToolbarProps {
  display: 'form' | 'wizard';
  onDisplay: (display: 'form' | 'wizard') => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** How many system fields the form lacks (0 when it need not carry them). */
  missingSystemFields: number;
  onAddSystemFields: () => void;
  mode: 'edit' | 'preview';
  onMode: (mode: 'edit' | 'preview') => void;
  onDialog: (dialog: 'import' | 'export') => void;
  /** Save, when the builder's owner saves through it. */
  onSave?: () => void;
  saving: boolean;
  problems: FormIssue[];
  showProblems: boolean;
  problemsRef: RefObject<HTMLDivElement | null>;
  isReady: boolean;
  warnings: FormIssue[];
  onCloseWarnings: () => void;
}

/** The builder's toolbar: undo and redo, one page or wizard, system fields, edit or preview, JSON, Save; problems. */
export function BuilderToolbar(p: BuilderToolbarProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={p.onUndo} disabled={!p.canUndo} title={UI_TEXT.builderUndoTip}>
            {UI_TEXT.builderUndo}
          </Button>
          <Button variant="default" size="xs" onClick={p.onRedo} disabled={!p.canRedo} title={UI_TEXT.builderRedoTip}>
            {UI_TEXT.builderRedo}
          </Button>
          <NativeSelect
            aria-label={UI_TEXT.builderDisplay}
            size="xs"
            value={p.display}
            onChange={(e) => p.onDisplay(e.currentTarget.value as 'form' | 'wizard')}
            data={[
              { value: 'form', label: UI_TEXT.builderDisplayForm },
              { value: 'wizard', label: UI_TEXT.builderDisplayWizard },
            ]}
          />
          {p.missingSystemFields > 0 ? (
            <Button variant="light" size="xs" onClick={p.onAddSystemFields}>
              {UI_TEXT.builderAddSystemFields(p.missingSystemFields)}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label={UI_TEXT.builderMode}
            value={p.mode}
            onChange={(next) => p.onMode(next as 'edit' | 'preview')}
            data={[
              { value: 'edit', label: UI_TEXT.builderModeEdit },
              { value: 'preview', label: UI_TEXT.builderModePreview },
            ]}
          />
          <Button variant="default" size="xs" onClick={() => p.onDialog('import')}>
            {UI_TEXT.builderImportJson}
          </Button>
          <Button variant="default" size="xs" onClick={() => p.onDialog('export')}>
            {UI_TEXT.builderExportJson}
          </Button>
          {p.onSave ? (
            <Button size="xs" onClick={p.onSave} loading={p.saving}>
              {UI_TEXT.builderSave}
            </Button>
          ) : null}
        </Group>
      </Group>
      {p.problems.length > 0 && p.showProblems ? (
        <Alert
          ref={p.problemsRef}
          tabIndex={-1}
          styles={readableAlert}
          mt="sm"
          color="orange"
          variant="light"
          title={UI_TEXT.builderCannotSave(p.problems.length)}
          data-testid="save-problems"
        >
          <IssueList issues={p.problems} />
        </Alert>
      ) : p.isReady ? (
        <Group mt="sm" gap={6}>
          <Badge color="green" variant="dot" tt="none" fw={500}>
            {UI_TEXT.builderReady}
          </Badge>
        </Group>
      ) : null}
      {p.warnings.length > 0 ? (
        <Alert
          styles={readableAlert}
          mt="sm"
          color="yellow"
          variant="light"
          title={UI_TEXT.builderRemovedOnImport}
          withCloseButton
          onClose={p.onCloseWarnings}
        >
          <IssueList issues={p.warnings} />
        </Alert>
      ) : null}
    </Paper>
  );
}
