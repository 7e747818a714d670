import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { connectAccount, runSync, type ConnectPreview } from '../../sync/api';
import { errorAdvice } from '../../sync/errorAdvice';
import { ImportPreview } from './ImportPreview';
import { SYNC_STATUS_KEY } from './LoginScreen';

type Protocol = 'greader' | 'fever';

const HINT: Record<Protocol, string> = {
  greader:
    'FreshRSS: https://your.host/api/greader.php · Miniflux: https://your.host/ — use the API password.',
  fever: 'FreshRSS: https://your.host/api/fever.php · Miniflux: https://your.host/fever/',
};

/** Protocol, address, user name and password; "Connect" verifies and shows what would be imported. */
export function LoginForm() {
  const client = useQueryClient();
  const [protocol, setProtocol] = useState<Protocol>('greader');
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const [preview, setPreview] = useState<ConnectPreview | null>(null);

  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      setPreview(await connectAccount({ protocol, url, username, password }));
      setPassword(''); // never kept, not even in the form
    } catch (err) {
      setError(errorAdvice(err));
    } finally {
      setBusy(false);
    }
  };
  const startImport = async () => {
    try {
      await runSync();
    } catch (err) {
      setError(errorAdvice(err));
    }
    await client.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
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
            { value: 'greader', label: 'Google Reader API' },
            { value: 'fever', label: 'Fever API' },
          ]}
        />
        <TextInput
          label="Server address"
          description={HINT[protocol]}
          placeholder="https://rss.example.com/api/greader.php"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          data-testid="login-url"
          required
        />
        <TextInput
          label="User name"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          data-testid="login-username"
          autoComplete="username"
          required
        />
        <PasswordInput
          label={protocol === 'fever' ? 'Password (Fever API password)' : 'Password (API password)'}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="login-password"
          autoComplete="current-password"
          required
        />
        {error && (
          <Alert color="red" title={error.title} data-testid="login-error">
            {error.detail}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          The password is used once to log in and is never stored; Rivulet keeps only the key or token the
          server hands out, in this browser.
        </Text>
        <Group>
          <Button type="submit" loading={busy} data-testid="login-connect">
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
