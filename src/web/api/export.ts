import { useQuery } from '@tanstack/react-query';
import type { CallInput, CallReply } from '../../shared/api/define.ts';
import { exportCalls } from '../../shared/api/export.ts';
import { noteCalls } from '../../shared/api/notes.ts';
import { EXPORT_FILE_NAMES, EXPORT_NOTE, type ExportFormat } from '../../shared/schemas/export.ts';
import { ApiError, CSRF_HEADER, call, GENERIC_FAILURE } from './client.ts';
import { queryKeys } from './keys.ts';

/** POST /api/export/preview: the selection as HTML and plain text. */
export function exportPreview(ids: number[]): Promise<CallReply<typeof exportCalls.preview>> {
  return call(exportCalls.preview, { body: { link_ids: ids.join(',') } });
}

/**
 * POST /api/export/items: the file, saved by the browser under the server's name (export.pdf,
 * export.docx, export.md or export.zip). A file is not JSON, so this reads the body as a blob; a
 * refusal still arrives as JSON and becomes an ApiError like every other call's.
 */
export async function downloadExport(ids: number[], format: ExportFormat): Promise<string> {
  const body: CallInput<typeof exportCalls.items>['body'] = { link_ids: ids.join(','), format };
  let response: Response;
  try {
    response = await fetch(exportCalls.items.path, {
      method: exportCalls.items.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(GENERIC_FAILURE, 0);
  }
  if (!response.ok) {
    const text = await response.text();
    let message = GENERIC_FAILURE;
    try {
      message = (JSON.parse(text) as { message?: string }).message || GENERIC_FAILURE;
    } catch {}
    throw new ApiError(message, response.status);
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? EXPORT_FILE_NAMES[format];
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** Export to note (spec part 1 §3): a new private rich note tagged export_to_note. */
export async function exportToNote(content: string): Promise<number> {
  const reply = await call(noteCalls.save, { body: { ...EXPORT_NOTE, content } });
  const id = reply.items?.[0]?.link_id;
  if (!id) throw new ApiError(GENERIC_FAILURE, 200);
  return id;
}

/** The preview of a selection while a modal shows it (refetched when the selection changes). */
export function useExportPreview(ids: number[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.exportPreview(ids),
    queryFn: () => exportPreview(ids),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
