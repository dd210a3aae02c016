import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { EmbeddingStatus, KnowledgeStatus } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { SettingsField } from '../settings/SettingsField'
import { KnowledgeProgressView } from './KnowledgeProgressView'
import { selectKnowledge, type KnowledgeSlice } from './knowledgeSlice'
import './knowledge.css'

function keyPlaceholder(embeddings: EmbeddingStatus | undefined): string {
  if (embeddings?.keySource === 'saved')
    return 'A key is saved for this address; paste a new one to replace it'
  if (embeddings?.keySource === 'environment')
    return 'Using HEARTH_EMBEDDINGS_API_KEY; paste a key to save one instead'
  return 'Only if the endpoint asks for one'
}

/** The one line on how search works now: keywords alone, or keywords and meaning. */
function modeLine(status: KnowledgeStatus): string {
  if (status.embeddings.state === 'off')
    return 'Search runs on keywords only. Add an embedding endpoint below to also find things by meaning.'
  return status.summary
}

type Message = { readonly ok: boolean; readonly text: string }

/**
 * Settings → Knowledge: where embeddings come from (any OpenAI-compatible `/embeddings`
 * endpoint: Ollama, LM Studio, llama.cpp, a hosted API), Test, and how far indexing has got.
 * The key is write-only and bound to the address it was entered for, like the model's.
 */
export function KnowledgeSettings(): ReactNode {
  const {
    knowledgeStatus: status,
    knowledgeProgress: progress,
    knowledgeError: error
  } = useAppStore(useShallow(selectKnowledge))
  const { load, save, test, rebuild } = useAppStore(
    useShallow((s) => ({
      load: s.loadKnowledgeStatus,
      save: s.saveEmbeddings,
      test: s.testEmbeddings,
      rebuild: s.rebuildKnowledge
    }))
  )
  useEffect(() => {
    void load()
  }, [load])
  if (status === null) return <p className="field__hint">{error ?? 'Reading the knowledge index…'}</p>
  return (
    <div className="knowledge-settings" data-testid="knowledge-settings">
      <p className="knowledge-settings__mode" role="status" data-testid="knowledge-mode">
        {modeLine(status)}
      </p>
      <EmbeddingsForm status={status} save={save} test={test} />
      <KnowledgeProgressView status={status} progress={progress} onRebuild={rebuild} />
    </div>
  )
}

function EmbeddingsForm({
  status,
  save,
  test
}: Readonly<{
  status: KnowledgeStatus
  save: KnowledgeSlice['saveEmbeddings']
  test: KnowledgeSlice['testEmbeddings']
}>): ReactNode {
  const embeddings = status.embeddings
  const [baseUrl, setBaseUrl] = useState(embeddings.baseUrl ?? '')
  const [model, setModel] = useState(embeddings.model ?? '')
  const [key, setKey] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const typed = {
    baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim(),
    model: model.trim() === '' ? null : model.trim(),
    ...(key.trim() !== '' ? { apiKey: key.trim() } : {})
  }
  const run = async (work: () => Promise<Message>): Promise<void> => {
    setBusy(true)
    setMessage(null)
    setMessage(await work())
    setBusy(false)
  }
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    void run(async () => {
      if ((typed.baseUrl === null) !== (typed.model === null))
        return {
          ok: false,
          text: 'Enter both the base URL and the model (or clear both to turn meaning search off).'
        }
      const result = await save(typed)
      if (!result.ok) return { ok: false, text: result.message }
      setKey('')
      return {
        ok: true,
        text: typed.baseUrl === null ? 'Meaning search is off.' : 'Saved. Embedding starts in the background.'
      }
    })
  }
  const runTest = (): void =>
    void run(async () => {
      const result = await test(typed)
      return result.ok
        ? { ok: result.value.ok, text: result.value.message }
        : { ok: false, text: result.message }
    })
  return (
    <form className="knowledge-form" aria-label="Embedding endpoint" onSubmit={submit}>
      <TextField
        label="Embeddings base URL"
        value={baseUrl}
        onChange={setBaseUrl}
        type="url"
        placeholder="http://127.0.0.1:11434/v1 (ends before /embeddings)"
      />
      <TextField label="Embedding model" value={model} onChange={setModel} placeholder="nomic-embed-text" />
      <TextField
        label="Embeddings API key"
        value={key}
        onChange={setKey}
        type="password"
        placeholder={keyPlaceholder(embeddings)}
      />
      <div className="form-row knowledge-form__actions">
        <Button variant="primary" type="submit" disabled={busy}>
          Save
        </Button>
        <Button variant="secondary" disabled={busy || typed.baseUrl === null} onClick={runTest}>
          {busy ? 'Working…' : 'Test'}
        </Button>
      </div>
      {message !== null && (
        <p
          className={message.ok ? 'field__hint' : 'field__error'}
          role={message.ok ? 'status' : 'alert'}
          data-testid="knowledge-message"
        >
          {message.text}
        </p>
      )}
    </form>
  )
}

function TextField({
  label,
  value,
  onChange,
  placeholder,
  type = 'text'
}: Readonly<{
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  type?: 'text' | 'url' | 'password'
}>): ReactNode {
  return (
    <SettingsField label={label}>
      {(id) => (
        <input
          id={id}
          className="input"
          type={type}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </SettingsField>
  )
}
