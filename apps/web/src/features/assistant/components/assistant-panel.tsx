import { CHAT_PROMPT_MAX, type ChatMessage, type Notice } from '@studybuddy/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiWarnings } from '@/components/ai-warnings';
import { MarkdownText } from '@/components/markdown-text';
import { OctopusMascot } from '@/components/octopus-mascot';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { aiLanguage } from '@/lib/ai-language';
import { useClearChatHistory } from '../api/clear-chat-history';
import { useChatHistory } from '../api/get-chat-history';
import { sendChatMessage } from '../api/send-chat-message';
import { replyText } from './reply-text';
import './assistant.css';
import { NeedsConnection } from '@/components/needs-connection';

/** One line of the conversation, written by the 'agent' or the 'user'. */
export interface ChatEntry {
  key: string;
  from: 'agent' | 'user';
  text: string;
  warnings?: readonly Notice[] | undefined;
  /** A failure shown in the conversation (docs/product.md, Errors); not kept on the server. */
  failed?: boolean;
  /** The student stopped this reply while it was written: it stays as far as it went. */
  stopped?: boolean;
}

const SUGGESTIONS = ['today', 'stress', 'technique'] as const;

function fromHistory(message: ChatMessage): ChatEntry {
  return {
    key: `h${message.id}`,
    from: message.role === 'user' ? 'user' : 'agent',
    text: message.text,
  };
}

let nextKey = 0;
const localKey = () => `l${++nextKey}`;

export interface AssistantPanelProps {
  onClose: () => void;
}

/**
 * The chat assistant (docs/product.md, Behaviour and Errors) as a modal dialog: focus stays inside
 * while it is open, Escape closes it and the launcher gets focus back. The conversation is
 * loaded from the server on opening; new messages are announced through a polite log.
 */
export default function AssistantPanel({ onClose }: AssistantPanelProps) {
  const { t, i18n } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const history = useChatHistory();
  /** Aborts the reply being written (the Stop button). */
  const stopRef = useRef<AbortController | null>(null);
  const clear = useClearChatHistory();
  const [entries, setEntries] = useState<ChatEntry[] | null>(null);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  /** The reply being written, shown as it grows (`null` until its first piece). */
  const [streamed, setStreamed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clearFailed, setClearFailed] = useState(false);
  useFocusTrap(dialogRef, true, onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    inputRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  // The conversation is taken from the server once per opening; later lines are added here.
  useEffect(() => {
    if (entries !== null) return;
    if (history.isSuccess) setEntries(history.data.messages.map(fromHistory));
    else if (history.isError) setEntries([]);
  }, [entries, history.isSuccess, history.isError, history.data]);

  const entryCount = entries?.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log && (entryCount > 0 || waiting || streamed)) log.scrollTop = log.scrollHeight;
  }, [entryCount, waiting, streamed]);

  // A reply still being written is abandoned when the panel closes.
  useEffect(() => () => stopRef.current?.abort(), []);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  function add(entry: ChatEntry) {
    setEntries((current) => [...(current ?? []), entry]);
  }

  async function ask(text: string) {
    const prompt = text.trim();
    // Empty or whitespace-only input is ignored (docs/product.md, Behaviour). Until the history
    // is in, a new line would be lost when it arrives.
    if (!prompt || waiting || entries === null) return;
    add({ key: localKey(), from: 'user', text: prompt });
    setDraft('');
    setWaiting(true);
    setStreamed(null);
    const stop = new AbortController();
    stopRef.current = stop;
    // The reply as written so far; the final, checked one replaces it when it comes.
    let written = '';
    try {
      const reply = await sendChatMessage(
        { prompt, language: aiLanguage(i18n.language) },
        {
          signal: stop.signal,
          onDelta: (text) => {
            written += text;
            setStreamed(written);
          },
        },
      );
      const answer = replyText(reply);
      add({
        key: localKey(),
        from: 'agent',
        text: answer || t('assistant.errors.notUnderstood'),
        warnings: reply.warnings,
        failed: !answer,
      });
    } catch {
      if (stop.signal.aborted) {
        // Stopped: what was written stays shown (and kept on the server).
        if (written.trim()) add({ key: localKey(), from: 'agent', text: written, stopped: true });
      } else {
        if (written.trim()) add({ key: localKey(), from: 'agent', text: written });
        add({ key: localKey(), from: 'agent', text: t('assistant.errors.contact'), failed: true });
      }
    } finally {
      stopRef.current = null;
      setStreamed(null);
      setWaiting(false);
      inputRef.current?.focus();
    }
  }

  function stopReply() {
    stopRef.current?.abort();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void ask(draft);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line (and composing text with an IME is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(draft);
    }
  }

  async function confirmClear() {
    setClearFailed(false);
    try {
      await clear.mutateAsync();
      setEntries([]);
      setConfirming(false);
      inputRef.current?.focus();
    } catch {
      setClearFailed(true);
    }
  }

  function cancelClear() {
    setConfirming(false);
    setClearFailed(false);
    inputRef.current?.focus();
  }

  const atLimit = draft.length >= CHAT_PROMPT_MAX;
  const loading = entries === null;
  return (
    <dialog
      ref={dialogRef}
      className="assistant"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Native Escape: keep React in charge of whether the panel is open.
        event.preventDefault();
        onClose();
      }}
    >
      <header className="assistant__header">
        <OctopusMascot className="assistant__mascot" />
        <div className="assistant__heading">
          <h2 id={titleId} className="assistant__title">
            {t('assistant.title')}
          </h2>
          <p className="assistant__subtitle">{t('assistant.subtitle')}</p>
        </div>
        <button
          type="button"
          className="assistant__close"
          aria-label={t('assistant.close')}
          title={t('assistant.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <div
        ref={logRef}
        className="assistant__log"
        role="log"
        aria-live="polite"
        aria-label={t('assistant.conversation')}
        // The reply being written is announced once complete, not at every word.
        aria-busy={streamed !== null}
        // A scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
      >
        {loading ? (
          <p className="status-text">{t('assistant.loadingHistory')}</p>
        ) : (
          <>
            {history.isError ? (
              <p className="form-message form-message--error">{t('assistant.historyFailed')}</p>
            ) : null}
            {entries.length === 0 ? (
              <div className="assistant__intro">
                <p>{t('assistant.intro')}</p>
                <p className="assistant__suggestions-title">{t('assistant.suggestionsTitle')}</p>
                <ul className="assistant__suggestions">
                  {SUGGESTIONS.map((key) => (
                    <li key={key}>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={waiting}
                        onClick={() => void ask(t(`assistant.suggestions.${key}`))}
                      >
                        {t(`assistant.suggestions.${key}`)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <ol className="assistant__messages">
              {entries.map((entry) => (
                <li
                  key={entry.key}
                  className={`assistant__message assistant__message--${entry.from}${
                    entry.failed ? ' assistant__message--failed' : ''
                  }`}
                >
                  <span className="visually-hidden">
                    {entry.from === 'user' ? t('assistant.fromUser') : t('assistant.fromAgent')}
                  </span>
                  {entry.from === 'agent' && !entry.failed ? (
                    <MarkdownText>{entry.text}</MarkdownText>
                  ) : (
                    <p className="assistant__text">{entry.text}</p>
                  )}
                  <AiWarnings warnings={entry.warnings} />
                  {entry.stopped ? (
                    <p className="assistant__stopped">{t('assistant.stopped')}</p>
                  ) : null}
                </li>
              ))}
              {streamed !== null ? (
                <li className="assistant__message assistant__message--agent assistant__message--streaming">
                  <span className="visually-hidden">{t('assistant.fromAgent')}</span>
                  <MarkdownText>{streamed}</MarkdownText>
                </li>
              ) : null}
            </ol>
          </>
        )}
      </div>
      <div className="assistant__typing" role="status" aria-live="polite">
        {waiting && streamed === null ? (
          <>
            <span className="assistant__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('assistant.typing')}
          </>
        ) : null}
      </div>

      <NeedsConnection>
        <form className="assistant__form" onSubmit={onSubmit} noValidate>
          <label htmlFor={inputId} className="assistant__label">
            {t('assistant.inputLabel')}
          </label>
          <div className="assistant__compose">
            <textarea
              id={inputId}
              ref={inputRef}
              className="field__control assistant__input"
              rows={2}
              maxLength={CHAT_PROMPT_MAX}
              value={draft}
              placeholder={t('assistant.placeholder')}
              aria-describedby={hintId}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onInputKeyDown}
            />
            {waiting ? (
              <button type="button" className="button button--secondary" onClick={stopReply}>
                {t('assistant.stop')}
              </button>
            ) : (
              <button
                type="submit"
                className="button button--primary"
                disabled={loading || draft.trim() === ''}
              >
                {t('assistant.send')}
              </button>
            )}
          </div>
          <p id={hintId} className={`assistant__hint${atLimit ? ' assistant__hint--limit' : ''}`}>
            {atLimit
              ? t('assistant.limitReached', { max: CHAT_PROMPT_MAX })
              : t('assistant.counter', { length: draft.length, max: CHAT_PROMPT_MAX })}
          </p>
        </form>
      </NeedsConnection>

      <div className="assistant__footer">
        {confirming ? (
          <div className="assistant__confirm">
            <p className="assistant__confirm-text">{t('assistant.clearConfirm')}</p>
            {clearFailed ? (
              <p className="form-message form-message--error" role="alert">
                {t('assistant.clearFailed')}
              </p>
            ) : null}
            <div className="actions">
              <button
                type="button"
                className="button button--danger button--small"
                disabled={clear.isPending}
                onClick={() => void confirmClear()}
              >
                {t('assistant.clearYes')}
              </button>
              <button
                ref={keepRef}
                type="button"
                className="button button--secondary button--small"
                onClick={cancelClear}
              >
                {t('assistant.clearNo')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="button-link assistant__clear"
            disabled={loading || waiting || (entries?.length ?? 0) === 0}
            onClick={() => setConfirming(true)}
          >
            {t('assistant.clear')}
          </button>
        )}
      </div>
    </dialog>
  );
}
