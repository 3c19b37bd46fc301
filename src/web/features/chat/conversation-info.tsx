import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ChatSpendResponse, MessageKind } from '../../../shared/contracts/chat.ts';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { fetchChatSpend, putReadReceipts } from './chat-api.ts';

const KIND_KEYS = { text: 'chat.spend_texts', gift: 'chat.spend_gifts', image: 'chat.spend_photos' } as const;

/**
 * A conversation's own settings and figures: whether the partner sees what the member read here
 * (read receipts, per conversation) and what the member spent in it (docs/decisions/0027).
 */
export function ConversationInfo({
  open,
  onClose,
  conversationId,
  name,
  readReceipts,
  onReadReceiptsChange,
}: {
  open: boolean;
  onClose: () => void;
  conversationId: number;
  name: string;
  readReceipts: boolean;
  onReadReceiptsChange: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [spend, setSpend] = useState<ChatSpendResponse | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  // Read each time it opens: the member may have sent more since.
  useEffect(() => {
    if (!open) return;
    let gone = false;
    setSpend(null);
    fetchChatSpend(conversationId)
      .then((answer) => {
        if (!gone) setSpend(answer);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
    };
  }, [open, conversationId]);

  const change = async (on: boolean) => {
    if (saving) return;
    setSaving(true);
    setFailed(false);
    onReadReceiptsChange(on);
    try {
      await putReadReceipts(conversationId, on);
    } catch {
      onReadReceiptsChange(!on);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const kindLine = (kind: MessageKind, messages: number, credits: number) =>
    t(KIND_KEYS[kind], { count: messages, credits });

  return (
    <Modal open={open} title={t('chat.info_title', { name })} onClose={onClose} closeLabel={t('chat.close')}>
      <section aria-labelledby="chat-receipts-h" className="mb-4">
        <h3 id="chat-receipts-h" className="h6">
          {t('chat.receipts_title')}
        </h3>
        <Switch
          id="chat-receipts"
          label={t('chat.receipts_label', { name })}
          checked={readReceipts}
          busy={saving}
          describedBy="chat-receipts-explain"
          onChange={(on) => void change(on)}
        />
        <p id="chat-receipts-explain" className="form-text mb-0">
          {t('chat.receipts_explain')}
        </p>
      </section>
      <section aria-labelledby="chat-spend-h">
        <h3 id="chat-spend-h" className="h6">
          {t('chat.spend_title')}
        </h3>
        {spend === null ? (
          !failed && <p className="text-body-secondary" aria-busy="true" />
        ) : spend.total_credits === 0 ? (
          <p className="chat-spend-total">{t('chat.spend_none', { name })}</p>
        ) : (
          <>
            <p className="chat-spend-total">
              {t('chat.spend_total', { credits: spend.total_credits, name })}
            </p>
            <ul className="chat-spend-kinds">
              {spend.by_kind.map((row) => (
                <li key={row.kind}>{kindLine(row.kind, row.messages, row.credits)}</li>
              ))}
            </ul>
            {spend.first_at && spend.last_at && (
              <p className="form-text">{spendPeriodText(t, dateFormat, spend.first_at, spend.last_at)}</p>
            )}
          </>
        )}
        <p className="mb-0">
          <Link to="/settings#spending-limit">{t('chat.limit_settings')}</Link>
        </p>
      </section>
      {failed && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {t('errors.general')}
        </div>
      )}
    </Modal>
  );
}

/** The dates of the caller's spending in a conversation: one day reads as that day, not "from 25 Nov to 25 Nov". */
export function spendPeriodText(
  t: KeyedTranslate,
  dateFormat: Intl.DateTimeFormat,
  first: string,
  last: string,
): string {
  const [from, to] = [dateFormat.format(new Date(first)), dateFormat.format(new Date(last))];
  return from === to ? t('chat.spend_day', { date: from }) : t('chat.spend_period', { from, to });
}
