import { Group, Progress, Stack, Text } from '@mantine/core';
import { isAtQuota, isUnlimited } from '@under/core/accounts/quota';
import { UI_TEXT } from '@under/core/ui-text';

/** "2 of 3" with a bar; unlimited quotas (-1) show no bar. */
export function QuotaMeter({ label, used, quota }: { label: string; used: number; quota: number }) {
  const unlimited = isUnlimited(quota);
  const full = isAtQuota(quota, used);
  const percent = unlimited || quota <= 0 ? 0 : Math.min(100, Math.round((used / quota) * 100));
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {full ? (
          <Text size="xs" fw={600} c="red.8">
            {UI_TEXT.quotaReached}
          </Text>
        ) : null}
      </Group>
      <Text fw={700} fz={22} lh={1.2}>
        {unlimited ? UI_TEXT.quotaUnlimited(used) : UI_TEXT.quotaOf(used, quota)}
      </Text>
      {unlimited ? null : (
        <Progress
          value={percent}
          color={full ? 'red' : 'brand'}
          size="sm"
          radius="xl"
          aria-label={`${label}: ${UI_TEXT.quotaOf(used, quota)}`}
        />
      )}
    </Stack>
  );
}
