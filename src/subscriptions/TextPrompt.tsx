import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { errorText } from '../i18n/errorText';
import { Dialog } from '../components/Dialog';

export interface PromptOptions {
  title: string;
  label: string;
  initial?: string;
  confirmLabel?: string;
  /**
   * Returns an error message for a value that cannot be accepted, or null. May be async (an
   * address checked by fetching it): the dialog then shows `checkingLabel` and stays open with
   * the message if the check fails.
   */
  validate?: (value: string) => string | null | Promise<string | null>;
  /** Shown under the field while an async `validate` runs. */
  checkingLabel?: string;
}

interface Pending extends PromptOptions {
  resolve: (value: string | null) => void;
}

let open: ((p: Pending) => void) | null = null;

/**
 * Asks for one line of text (rename, edit address). Resolves with the trimmed value, or null
 * when cancelled. Rejects when no `<TextPromptHost>` is mounted. A second prompt cancels the first.
 */
export function promptText(options: PromptOptions): Promise<string | null> {
  const opener = open;
  if (!opener) return Promise.reject(new Error('promptText() needs <TextPromptHost> mounted'));
  return new Promise((resolve) => opener({ ...options, resolve }));
}

/** Mount once; renders the dialog `promptText()` drives. */
export function TextPromptHost() {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Bumped on every open, close and edit, so a late async check of an older value is ignored.
  const attempt = useRef(0);

  useEffect(() => {
    let current: Pending | null = null;
    open = (p) => {
      current?.resolve(null);
      current = p;
      setPending(p);
      setValue(p.initial ?? '');
      setError(null);
      setChecking(false);
      attempt.current++;
    };
    return () => {
      open = null;
      current?.resolve(null);
    };
  }, []);

  const close = (result: string | null) => {
    attempt.current++;
    setChecking(false);
    pending?.resolve(result);
    setPending(null);
  };
  const submit = async () => {
    if (checking) return;
    const v = value.trim();
    if (!v) return setError(t('subscribe.prompt.empty'));
    const mine = ++attempt.current;
    const verdict = pending?.validate?.(v) ?? null;
    let problem: string | null;
    if (verdict instanceof Promise) {
      setChecking(true);
      problem = await verdict.catch((err: unknown) => errorText(err));
      if (mine !== attempt.current) return; // cancelled or edited meanwhile
      setChecking(false);
    } else problem = verdict;
    if (problem) return setError(problem);
    close(v);
  };

  return (
    <Dialog opened={pending !== null} onClose={() => close(null)} title={pending?.title} size={440} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="prompt-dialog"
      >
        <TextInput
          label={pending?.label}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
            if (checking) {
              attempt.current++;
              setChecking(false);
            }
          }}
          error={error}
          data-autofocus
          data-testid="prompt-input"
          errorProps={{ 'data-testid': 'prompt-error' }}
        />
        {checking && (
          <Group gap={6} mt={6} c="dimmed" data-testid="prompt-checking">
            <Loader size={12} />
            <Text size="xs">{pending?.checkingLabel}</Text>
          </Group>
        )}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => close(null)} data-testid="prompt-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={checking} data-testid="prompt-ok">
            {pending?.confirmLabel ?? t('subscribe.prompt.save')}
          </Button>
        </Group>
      </form>
    </Dialog>
  );
}
