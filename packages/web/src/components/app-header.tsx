import { Anchor, Burger, Button, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';

export interface HeaderLink {
  to: string;
  label: string;
  /** Active only on exactly `to` (the home link). */
  end?: boolean;
  /** Other paths that count as this link's section. */
  also?: string[];
}

export interface HeaderLogo {
  src: string;
  alt: string;
}

interface AppHeaderProps {
  brand: string;
  links: HeaderLink[];
  /** The company logo, shown at the spec's default size (80x37) beside the wordmark. */
  logo?: HeaderLogo | null;
  email: string | undefined;
  onLogOut: () => Promise<void>;
}

function isActive(link: HeaderLink, pathname: string): boolean {
  if (link.end) return pathname === link.to;
  return [link.to, ...(link.also ?? [])].some((path) => matchPath({ path, end: false }, pathname) !== null);
}

/** Brand (and company logo), navigation, the signed-in e-mail and Log out. */
export function AppHeader({ brand, links, logo, email, onLogOut }: AppHeaderProps) {
  const [isLoggingOut, setLoggingOut] = useState(false);
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // a long navigation (the admin app's) leaves no room for the e-mail beside it on a laptop screen
  const longNav = links.reduce((n, link) => n + link.label.length, 0) > 65;
  const navLinks = (vertical: boolean) =>
    links.map((link) => {
      const active = isActive(link, pathname);
      return (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          onClick={menu.close}
          aria-current={active ? 'page' : undefined}
          c={active ? 'brand.9' : 'dark.6'}
          fw={active ? 700 : 500}
          underline="never"
          py={vertical ? 6 : 0}
          style={
            vertical
              ? undefined
              : {
                  borderBottom: `2px solid ${active ? 'var(--mantine-color-brand-5)' : 'transparent'}`,
                  paddingBottom: 4,
                }
          }
        >
          {link.label}
        </Anchor>
      );
    });
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Group gap="xl" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {links.length > 0 ? (
            <Burger
              opened={isMenuOpen}
              onClick={menu.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={UI_TEXT.mainNavigation}
            />
          ) : null}
          <Anchor component={Link} to="/" underline="never" aria-label={brand}>
            <Group gap="sm" wrap="nowrap">
              {logo ? (
                <Image src={logo.src} alt={logo.alt} w={80} h={37} fit="contain" data-testid="header-logo" />
              ) : null}
              <Text component="span" fw={800} fz="xl" c="brand.9" style={{ whiteSpace: 'nowrap' }}>
                {brand}
              </Text>
            </Group>
          </Anchor>
        </Group>
        {links.length > 0 ? (
          <Group
            component="nav"
            aria-label={UI_TEXT.mainNavigation}
            gap={longNav ? 'md' : 'lg'}
            wrap="nowrap"
            visibleFrom="md"
            style={{ whiteSpace: 'nowrap' }}
          >
            {navLinks(false)}
          </Group>
        ) : null}
      </Group>
      <Group gap="md" wrap="nowrap">
        {email ? (
          <Text size="sm" visibleFrom={longNav ? 'xl' : 'sm'} data-testid="header-email">
            <Text span c="dimmed" size="sm">
              {UI_TEXT.userMenuLabel}{' '}
            </Text>
            {email}
          </Text>
        ) : null}
        <Button
          variant="default"
          size="xs"
          style={{ flexShrink: 0 }}
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
          {UI_TEXT.logOut}
        </Button>
      </Group>
      <Drawer
        opened={isMenuOpen}
        onClose={menu.close}
        size="xs"
        title={brand}
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        <Stack component="nav" aria-label={UI_TEXT.mainNavigation} gap="xs">
          {navLinks(true)}
        </Stack>
      </Drawer>
    </Group>
  );
}
