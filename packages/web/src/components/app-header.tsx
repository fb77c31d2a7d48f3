import { Anchor, Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';

export interface HeaderLink {
  to: string;
  label: string;
}

interface AppHeaderProps {
  brand: string;
  links: HeaderLink[];
  email: string | undefined;
  onLogOut: () => Promise<void>;
}

/** Brand, navigation, the signed-in e-mail and Log out. */
export function AppHeader({ brand, links, email, onLogOut }: AppHeaderProps) {
  const [isLoggingOut, setLoggingOut] = useState(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
          {brand}
        </Anchor>
        <Group component="nav" gap="md" visibleFrom="sm">
          {links.map((link) => (
            <Anchor key={link.to} component={NavLink} to={link.to}>
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Group>
      <Group gap="md" wrap="nowrap">
        {email ? (
          <Text size="sm" visibleFrom="xs" data-testid="header-email">
            <Text span c="dimmed" size="sm">
              {MESSAGES.userMenuLabel}{' '}
            </Text>
            {email}
          </Text>
        ) : null}
        <Button
          variant="default"
          size="xs"
          loading={isLoggingOut}
          onClick={async () => {
            setLoggingOut(true);
            try {
              await onLogOut();
            } finally {
              setLoggingOut(false);
            }
          }}
        >
          {MESSAGES.logOut}
        </Button>
      </Group>
    </Group>
  );
}
