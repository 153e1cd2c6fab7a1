import { streamText, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AI_MODEL_OPTIONS, isUiToolCall, type ContentBlock } from '@waymark/domain';
import type { Config } from '../../config';
import { filesForModel } from './scout-attachments';
import type {
  ScoutModel,
  ScoutModelMessage,
  ScoutModelRequest,
  ScoutToolCall,
} from './scout-model';

type ProviderName = 'openai' | 'anthropic' | 'openai-compatible';

const DEFAULT_MODELS: Record<'openai' | 'anthropic', string> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-0',
};

/** How Scout behaves; the tools' own descriptions say what each reads. */
function systemPrompt(now: Date) {
  return [
    'You are Scout, the assistant of Waymark, a fleet and asset tracking product.',
    `It is now ${now.toISOString()} (UTC).`,
    "Answer only from the results of your tools: they read the user's own trackers, geofences,",
    'groups, shipments and alerts, exactly what the user may see. Never invent a tracker or a value.',
    'When an answer names trackers, also call ui_filter_devices with their ids so the user can',
    'narrow the list; call ui_update_map to show a place, ui_add_polygon to draw an area and',
    'ui_create_file to offer a CSV. Create a geofence only after the user confirmed it.',
    'If no tool can answer, say plainly that you cannot answer that. Be brief.',
  ].join(' ');
}

/**
 * A provider's model through the AI SDK: OpenAI, Anthropic or any OpenAI-compatible base URL.
 * One step per call (the agent runs the tools and calls again), tools described by their zod
 * parameters.
 */
export class AiSdkModel implements ScoutModel {
  readonly name: string;
  private readonly languageModel: (id: string | null) => LanguageModel;

  constructor(config: Config['scout'] & { provider: ProviderName }) {
    this.name = config.provider;
    const family = config.provider === 'anthropic' ? 'anthropic' : 'openai';
    // A user's choice counts only where the provider runs that family of models.
    const modelId = (asked: string | null) => {
      const option = AI_MODEL_OPTIONS.find((o) => o.id === asked);
      if (option && option.provider === family && config.provider !== 'openai-compatible') {
        return option.id;
      }
      return config.model ?? DEFAULT_MODELS[family];
    };
    if (config.provider === 'anthropic') {
      const anthropic = createAnthropic({ apiKey: config.anthropicApiKey });
      this.languageModel = (id) => anthropic(modelId(id));
    } else if (config.provider === 'openai') {
      const openai = createOpenAI({ apiKey: config.openaiApiKey });
      this.languageModel = (id) => openai(modelId(id));
    } else {
      const compatible = createOpenAICompatible({
        name: 'scout',
        baseURL: config.baseUrl ?? 'http://localhost:11434/v1',
        apiKey: config.apiKey,
      });
      this.languageModel = (id) => compatible.chatModel(modelId(id));
    }
  }

  async reply(request: ScoutModelRequest) {
    const tools: ToolSet = {};
    for (const t of request.tools) {
      tools[t.name] = tool({ description: t.description, inputSchema: t.parameters as never });
    }
    // Streamed, so the answer reaches the user as the provider writes it (request.onText).
    const result = streamText({
      model: this.languageModel(request.model),
      system: systemPrompt(request.now),
      messages: toModelMessages(
        request.messages,
        request.messages.some((m) => m.files?.length) ? (await request.lexicon()).trackers : [],
      ),
      tools,
      maxRetries: 1,
    });
    let text = '';
    const toolCalls: ScoutToolCall[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        request.onText?.(text);
      } else if (part.type === 'tool-call') {
        toolCalls.push({
          id: part.toolCallId,
          name: part.toolName,
          arguments: (part.input ?? {}) as Record<string, unknown>,
        });
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
    return { text, toolCalls };
  }
}

/**
 * The dialog as the AI SDK's messages: a question with its files (their trackers among
 * `trackers`, and text), an assistant message's tool calls, then a tool message with their results. A stored answer's UI tool calls (buttons) have no stored result: they get
 * the one the model was given when it made them.
 */
export function toModelMessages(
  messages: ScoutModelMessage[],
  trackers: readonly { id: number; name: string; serial?: string }[] = [],
): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      // The question's files as the offline model reads them: their trackers and text.
      const files = message.files?.length ? `\n\n${filesForModel(message.files, trackers)}` : '';
      out.push({ role: 'user', content: `${textOf(message.content)}${files}` });
      continue;
    }
    const results = message.content.filter((b) => b.type === 'tool_result');
    if (results.length > 0) {
      out.push({
        role: 'tool',
        content: results.map((b) => ({
          type: 'tool-result' as const,
          toolCallId: b.tool_call_id,
          toolName: b.name,
          output: { type: 'text' as const, value: b.content },
        })),
      });
      continue;
    }
    const text = textOf(message.content);
    const calls = message.content.filter((b) => b.type === 'tool_call');
    out.push({
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((b) => ({
          type: 'tool-call' as const,
          toolCallId: b.id,
          toolName: b.name,
          input: b.arguments,
        })),
      ],
    });
    const unanswered = calls.filter(
      (b) =>
        isUiToolCall(b.name) &&
        !messages.some((m) =>
          m.content.some((r) => r.type === 'tool_result' && r.tool_call_id === b.id),
        ),
    );
    if (unanswered.length > 0) {
      out.push({
        role: 'tool',
        content: unanswered.map((b) => ({
          type: 'tool-result' as const,
          toolCallId: b.id,
          toolName: b.name,
          output: { type: 'text' as const, value: 'Shown to the user as a button.' },
        })),
      });
    }
  }
  return out;
}

const textOf = (content: ContentBlock[]) =>
  content
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('\n')
    .trim();
