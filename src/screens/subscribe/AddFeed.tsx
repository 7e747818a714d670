import { Alert, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n';
import { discover } from '../../subscriptions/api';
import { CandidateList } from './CandidateList';
import { FeedPreviewPanel } from './FeedPreviewPanel';
import { errorText } from '../../i18n/errorText';

const messageOf = errorText;

/**
 * Step one to three of subscribing: the address input (Enter looks it up), the feeds found
 * there, and the preview of the chosen one. A single candidate is chosen at once.
 */
export function AddFeed({ initialUrl }: { initialUrl: string }) {
  const t = useT();
  const [input, setInput] = useState(initialUrl);
  const [chosen, setChosen] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (value: string) => discover(value),
    onSuccess: (found) => setChosen(found.length === 1 ? (found[0]?.url ?? null) : null),
  });
  const submit = () => {
    const value = input.trim();
    if (!value || lookup.isPending) return;
    setChosen(null);
    lookup.mutate(value);
  };

  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder={t('subscribe.add.placeholder')}
            aria-label={t('subscribe.add.label')}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            data-autofocus
            autoFocus
            data-testid="discover-input"
          />
          <Button
            type="submit"
            loading={lookup.isPending}
            disabled={!input.trim()}
            data-testid="discover-submit"
          >
            {t('subscribe.add.find')}
          </Button>
        </Group>
      </form>

      {lookup.isPending && (
        <Group gap="xs" mt="md" c="dimmed" data-testid="discover-loading">
          <Loader size="xs" />
          <Text size="sm">{t('subscribe.add.looking')}</Text>
        </Group>
      )}
      {lookup.isError && (
        <Alert
          color="red"
          variant="light"
          mt="md"
          icon={<IconAlertTriangle size={18} />}
          title={t('subscribe.add.noneFound')}
          data-testid="discover-error"
        >
          {messageOf(lookup.error)}
        </Alert>
      )}
      {lookup.isSuccess && <CandidateList candidates={lookup.data} chosen={chosen} onChoose={setChosen} />}
      {chosen && <FeedPreviewPanel key={chosen} url={chosen} />}
    </div>
  );
}
