import { ActionIcon, Button, Group, Switch, Text } from '@mantine/core';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut } from '../lib/geometry';

interface ZoomControlsProps {
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
  isSnapping: boolean;
  onSnapping: (value: boolean) => void;
}

export function ZoomControls({ zoom, onZoom, onFit, isSnapping, onSnapping }: ZoomControlsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={MAPPER_TEXT.zoomOut}
        onClick={() => onZoom(zoomOut(zoom))}
        disabled={zoom <= MIN_ZOOM}
      >
        −
      </ActionIcon>
      <Text size="sm" w={48} ta="center" aria-live="polite" data-testid="zoom-level">
        {MAPPER_TEXT.zoomLevel(Math.round(zoom * 100))}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={MAPPER_TEXT.zoomIn}
        onClick={() => onZoom(zoomIn(zoom))}
        disabled={zoom >= MAX_ZOOM}
      >
        +
      </ActionIcon>
      <Button size="xs" variant="default" onClick={onFit}>
        {MAPPER_TEXT.zoomFit}
      </Button>
      <Switch
        ml="sm"
        size="sm"
        label={MAPPER_TEXT.snapLabel}
        checked={isSnapping}
        onChange={(event) => onSnapping(event.currentTarget.checked)}
      />
    </Group>
  );
}
