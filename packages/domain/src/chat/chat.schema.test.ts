import { describe, expect, it } from 'vitest';
import { AI_MODEL_OPTIONS, CHAT_MAX_FILE_BYTES, DEFAULT_AI_MODEL_ID } from './chat.constants';
import { chatFileCountProblem, chatFileProblem, isAllowedChatFile } from './chat-files.rules';
import { dialogUpdateSchema, feedbackCreateSchema, messageCreateSchema } from './chat.schema';
import { isSupportedUiTool, isUiToolCall } from './chat-tools';

describe('chat files (spec 001 §5)', () => {
  it('allows the listed formats by name or by MIME type', () => {
    expect(isAllowedChatFile({ name: 'notes.YML' })).toBe(true);
    expect(isAllowedChatFile({ name: 'scan', type: 'application/pdf' })).toBe(true);
    expect(isAllowedChatFile({ name: 'tool.exe', type: 'application/x-msdownload' })).toBe(false);
  });

  it('gives the spec texts for unsupported, too large and too many files', () => {
    expect(chatFileProblem({ name: 'a.exe', size: 1 })).toBe(
      'File a.exe is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.',
    );
    expect(chatFileProblem({ name: 'a.pdf', size: CHAT_MAX_FILE_BYTES + 1 })).toBe(
      'File a.pdf is too large. Maximum size is 32MB.',
    );
    expect(chatFileProblem({ name: 'a.pdf', size: CHAT_MAX_FILE_BYTES })).toBeUndefined();
    expect(chatFileCountProblem(4, 2)).toBe('Maximum 5 files allowed per message.');
    expect(chatFileCountProblem(3, 2)).toBeUndefined();
  });
});

describe('chat requests', () => {
  it('refuses a message that is empty after trimming', () => {
    const result = messageCreateSchema.safeParse({ message: '   ' });
    expect(result.error?.issues[0]?.message).toBe('message is required');
  });

  it('takes a model option id and at most 5 files', () => {
    expect(messageCreateSchema.parse({ message: 'hi', model: 'gpt-5' })).toEqual({
      message: 'hi',
      model: 'gpt-5',
      files: [],
    });
    expect(messageCreateSchema.safeParse({ message: 'hi', model: 'gpt-2' }).success).toBe(false);
    const six = messageCreateSchema.safeParse({ message: 'hi', files: [1, 2, 3, 4, 5, 6] });
    expect(six.error?.issues[0]?.message).toBe('Maximum 5 files allowed per message.');
  });

  it('takes feedback rated 1 or -1 and a title that is not empty', () => {
    expect(feedbackCreateSchema.parse({ rate: -1, comment: ' slow ' })).toEqual({
      rate: -1,
      comment: 'slow',
    });
    expect(feedbackCreateSchema.parse({ rate: 1 })).toEqual({ rate: 1, comment: null });
    expect(feedbackCreateSchema.safeParse({ rate: 0 }).success).toBe(false);
    expect(dialogUpdateSchema.safeParse({ title: ' ' }).success).toBe(false);
  });
});

describe('AI model options and UI tools', () => {
  it('defaults to the first option, Claude Sonnet 4', () => {
    expect(AI_MODEL_OPTIONS).toHaveLength(17);
    expect(DEFAULT_AI_MODEL_ID).toBe(AI_MODEL_OPTIONS[0]!.id);
    expect(AI_MODEL_OPTIONS[0]!.label).toBe('Claude Sonnet 4');
  });

  it('tells supported UI tools from other ui_ calls', () => {
    expect(isUiToolCall('ui_open_panel')).toBe(true);
    expect(isSupportedUiTool('ui_open_panel')).toBe(false);
    expect(isSupportedUiTool('ui_filter_devices')).toBe(true);
    expect(isUiToolCall('list_trackers')).toBe(false);
  });
});
