import type { ChatExportFile } from '../../../../shared/contract'

/** Hands a text file to the browser as a download (the page never touches the file system). */
export function downloadText(file: ChatExportFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mediaType};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the bytes over; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
