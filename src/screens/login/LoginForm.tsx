import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type TKey, useT } from '../../i18n';
import { connectAccount, runSync, syncStatusQuery, type ConnectPreview } from '../../sync/api';
import { errorAdvice } from '../../sync/errorAdvice';
import { ImportPreview } from './ImportPreview';
import { queryKeys } from '../../queries/keys';
import { listFeeds } from '../../subscriptions/api';
import { unsubscribeFeeds } from '../../subscriptions/feedActions';

type Protocol = 'greader' | 'fever';

/** The address as typed, for comparing: no scheme's case, no trailing slashes. */
const sameAddress = (a: string, b: string) =>
  a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase();

/** Whether the form names another account than the one logged out of (another server or user). */
export function otherAccount(
  former: { protocol: string; url: string; username: string },
  form: { protocol: string; url: string; username: string },
): boolean {
  return (
    form.protocol !== former.protocol ||
    form.username.trim() !== former.username ||
    (form.url.trim() !== '' && !sameAddress(form.url, former.url))
  );
}

const HINT: Record<Protocol, TKey> = { greader: 'login.hintGreader', fever: 'login.hintFever' };

/**
 * Protocol, address, user name and password; "Connect" verifies and shows what would be imported.
 * `onPreview` hears when the form must stay on screen whatever the status says (true: from the
 * moment Connect is pressed, since the engine stores the account before it answers) and when it
 * no longer must (false: the import has started, or the connect failed).
 */
export function LoginForm({ onPreview }: { onPreview?: (showing: boolean) => void }) {
  const t = useT();
  const client = useQueryClient();
  // After a logout that kept feeds: the same account is offered, to re-attach them.
  const former = useQuery(syncStatusQuery()).data?.former ?? null;
  const [protocol, setProtocol] = useState<Protocol>(former?.protocol ?? 'greader');
  const [url, setUrl] = useState(former?.url ?? '');
  const [username, setUsername] = useState(former?.username ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A refused password: the field takes the focus, its text selected, ready to be typed again.
  const passwordRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [refusals]);
  const [error, setError] = useState<{ title: string; detail: string; suggestion?: string } | null>(null);
  const [preview, setPreview] = useState<ConnectPreview | null>(null);

  const connect = async (address = url) => {
    setBusy(true);
    setError(null);
    // Before the answer, not after it: a status refreshed while the engine connects (re-attached
    // feeds send events at once) says connected, and the panel would unmount this form, its
    // preview never shown. Under load that refresh often lands first.
    onPreview?.(true);
    try {
      setPreview(await connectAccount({ protocol, url: address, username, password }));
      setPassword(''); // never kept, not even in the form
    } catch (err) {
      onPreview?.(false);
      setError(errorAdvice(err));
      if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'sync_auth')
        setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  const startImport = async (readDays: number) => {
    let started = false;
    try {
      await runSync(readDays ? { readDays } : {});
      started = true;
    } catch (err) {
      setError(errorAdvice(err));
    }
    await client.invalidateQueries({ queryKey: queryKeys.syncStatus });
    // Started: the account panel follows its progress. Refused: the preview stays, saying why.
    if (started) onPreview?.(false);
  };

  // Unsubscribes the feeds kept from the account logged out of (asks first; Undo where the copy fits).
  const removeKept = async () => {
    const kept = (await listFeeds()).filter((f) => !f.account && f.remoteId);
    if (await unsubscribeFeeds(kept)) await client.invalidateQueries({ queryKey: queryKeys.syncStatus });
  };

  if (preview) return <ImportPreview preview={preview} onImport={startImport} error={error} />;
  return (
    <form
      data-testid="login-form"
      onSubmit={(e) => {
        e.preventDefault();
        void connect();
      }}
    >
      <Stack maw={520} gap="sm">
        <SegmentedControl
          data-testid="login-protocol"
          value={protocol}
          onChange={(v) => setProtocol(v)}
          data={[
            { value: 'greader', label: t('login.greader') },
            { value: 'fever', label: t('login.fever') },
          ]}
        />
        <TextInput
          label={t('login.serverAddress')}
          description={t(HINT[protocol])}
          placeholder="https://rss.example.com/api/greader.php"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          data-testid="login-url"
          required
        />
        <TextInput
          label={t('login.userName')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          data-testid="login-username"
          autoComplete="username"
          required
        />
        <PasswordInput
          ref={passwordRef}
          label={protocol === 'fever' ? t('login.passwordFever') : t('login.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="login-password"
          autoComplete="current-password"
          required
        />
        {former && former.feeds > 0 && otherAccount(former, { protocol, url, username }) ? (
          // Another account than the one logged out of: its kept feeds are not re-attached, and
          // feeds both accounts follow would show twice (they are not matched up, so neither
          // account's read and saved state reaches the other's server).
          <Alert color="yellow" data-testid="login-former-other">
            <Text size="sm">
              {t('syncFeed.login.formerOther', {
                url: former.url,
                user: former.username,
                count: former.feeds,
                newUser: username.trim() || '…',
              })}
            </Text>
            <Button
              mt="xs"
              size="xs"
              variant="default"
              data-testid="login-remove-kept"
              onClick={() => void removeKept()}
            >
              {t('syncFeed.login.removeKept')}
            </Button>
          </Alert>
        ) : (
          former && (
            <Text size="sm" c="dimmed" data-testid="login-former">
              {t('syncFeed.login.former', { url: former.url, user: former.username, count: former.feeds })}
            </Text>
          )
        )}
        {error && (
          <Alert color="red" title={error.title} data-testid="login-error">
            {error.detail}
            {error.suggestion && (
              <Group mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  data-testid="login-use-suggestion"
                  onClick={() => {
                    const next = error.suggestion ?? url;
                    setUrl(next);
                    if (password) void connect(next);
                  }}
                >
                  {t('syncFeed.login.useAddress', { url: error.suggestion })}
                </Button>
              </Group>
            )}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('login.passwordNote')}
        </Text>
        <Group>
          <Button type="submit" loading={busy} data-testid="login-connect">
            {t('login.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
