/**
 * Labels of the admin PDF-template screens (/pdf-mapping, /view-mapped-pdf, /general-setting,
 * /global-setting-page): our own words (decision 012). The spec's texts stay in MESSAGES.
 */
export const TEMPLATES_TEXT = {
  // list
  listLead: 'Upload an institution’s PDF application, map its fields and review it filled in.',
  uploadButton: 'Upload template',
  searchLabel: 'Search templates',
  searchPlaceholder: 'Template name, at least 3 characters',
  statusFilterLabel: 'Status',
  statusAllCurrent: 'Active and inactive',
  statusActive: 'Active',
  statusInactive: 'Inactive',
  statusArchived: 'Archived',
  nameColumn: 'Template',
  pagesColumn: 'Pages',
  fieldsColumn: 'Mapped fields',
  updatedColumn: 'Updated',
  versionColumn: 'Mapping version',
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  noMatch: 'No templates match your search.',
  noArchived: 'No archived templates.',
  emptyTitle: 'No PDF templates yet',
  emptyText: 'Upload an institution’s PDF application to start mapping its fields.',
  listError: 'The templates could not be loaded.',
  retry: 'Try again',
  actionsLabel: (name: string) => `Actions for ${name}`,
  pageCount: (n: number) => (n === 1 ? '1 page' : `${n} pages`),

  // row actions
  editMapping: 'Edit mapping',
  reviewPdf: 'Review PDF',
  replacePdf: 'Replace PDF',
  clone: 'Clone',
  archive: 'Archive',
  restore: 'Restore',
  generalSetting: 'General setting',
  globalSetting: 'Global setting',
  confirmPageMapper: 'Confirm-page mapper',

  // upload
  uploadTitle: 'Upload a PDF template',
  uploadLead: 'A PDF of at most 25 MB and 50 pages, not password-protected. The file is checked before it is saved.',
  templateNameLabel: 'Template name',
  templateNamePlaceholder: 'e.g. Harbor Bank merchant application',
  pdfFileLabel: 'PDF file',
  pdfFilePlaceholder: 'Choose a PDF',
  clearFile: 'Remove the chosen file',
  pdfFileRequired: 'Choose the PDF file to upload',
  uploadSubmit: 'Upload and map',
  checkingName: 'Checking the name…',
  uploadingFile: (percent: number) => `Uploading the PDF… ${percent}%`,
  checkingPdf: 'Checking the PDF…',
  uploadProgressLabel: 'Upload progress',
  refusedTitle: 'The PDF was not accepted',
  nothingSaved: 'Nothing was saved. Choose another file and try again.',
  notPdfHint: 'The file is not a PDF (its content is not a PDF document, whatever its name).',
  fileEmpty: 'The file is empty. Please choose a PDF.',
  uploaded: (name: string) => `The template ${name} was uploaded.`,
  acroFieldsFound: (n: number) =>
    n === 1
      ? 'The PDF has 1 form field: it is offered as a starting mapping in the mapper.'
      : `The PDF has ${n} form fields: they are offered as a starting mapping in the mapper.`,

  // replace
  replaceTitle: (name: string) => `Replace the PDF of ${name}`,
  replaceLead:
    'Mapped fields on pages that still exist in the new file are kept; fields on pages it no longer has are removed.',
  replaceChoose: 'New PDF file',
  replaceNext: 'Continue',
  replaceConfirmTitle: 'Replace the PDF? This cannot be reverted.',
  replaceConfirmText: (name: string, file: string) =>
    `The PDF of ${name} will be replaced by ${file}. The current file is deleted and replacing it cannot be reverted.`,
  replaceConfirm: 'Yes, replace the PDF',
  replaceBack: 'Back',
  replacedTitle: 'The PDF was replaced',
  replacedKeptAll: 'Every mapped field was kept.',
  replacedRemoved: (n: number) =>
    n === 1
      ? '1 mapped field was removed because its page is not in the new file:'
      : `${n} mapped fields were removed because their pages are not in the new file:`,
  removedField: (key: string, page: number) => `${key} (page ${page})`,
  done: 'Done',

  // clone
  cloneTitle: (name: string) => `Clone ${name}`,
  cloneLead: 'The copy gets its own PDF file, mapping and settings.',
  cloneNameLabel: 'Name of the copy',
  cloneCcMapper: 'Copy the mappings too (the PDF fields and the CardConnect mapping)',
  cloneSubmit: 'Clone template',
  cloned: (name: string) => `The template ${name} was created.`,

  // archive
  archiveTitle: (name: string) => `Archive ${name}?`,
  archiveText:
    'The template leaves the list of current templates and cannot be mapped until it is restored. You find it under the Archived status.',
  archived: (name: string) => `${name} was archived.`,
  restored: (name: string) => `${name} was restored.`,

  // review
  reviewPreparing: 'Preparing the review PDF…',
  reviewReadyTitle: 'Review PDF',
  reviewReadyText: (name: string) => `The review of ${name} is filled with sample values for every mapped field.`,
  reviewOpen: 'Open in a new tab',
  reviewDownload: 'Download',

  // mapped PDFs
  mappedTitle: 'Mapped PDFs',
  mappedLead: 'Templates with at least one mapped field, with their mapping version.',
  mappedEmptyTitle: 'No mapped PDFs yet',
  mappedEmptyText: 'Templates appear here once their mapping is saved with at least one field.',
  versionLabel: (n: number) => `v${n}`,

  // settings
  backToList: 'Back to PDF mapping',
  generalTitle: 'General setting',
  generalLead: (name: string) => `Defaults of the mapper for ${name}.`,
  defaultFontSizeLabel: 'Default font size (pt)',
  defaultFontSizeHint: 'From 4 to 72 points; a field’s own font size wins.',
  dateFormatLabel: 'Date format',
  dateFormatHint: 'How date fields are printed on the PDF.',
  visibleLabel: 'Visible',
  visibleHint: 'Offer this template when master forms are created.',
  globalTitle: 'Global setting',
  globalLead: (name: string) => `Common attributes of each page of ${name}.`,
  pageSelectLabel: 'Page',
  pageOption: (page: number, rotation: number) => (rotation ? `Page ${page} (rotated ${rotation}°)` : `Page ${page}`),
  pageFontSizeLabel: 'Font size (pt)',
  pageFontSizeHint: (fallback: number) => `Empty: the template’s default (${fallback} pt).`,
  keyPrefixLabel: 'Key prefix',
  keyPrefixHint: 'Put before the keys of new fields on this page. Letters, digits and underscore.',
  fontSizeRange: 'The font size must be from 4 to 72',
  settingsSaved: 'The settings were saved.',
  settingsError: 'The settings could not be loaded.',
  saveSettings: 'Save settings',
  unsavedTitle: 'Leave without saving?',
  unsavedText: 'Your changes to the settings will be lost.',
  unsavedLeave: 'Leave',
  unsavedStay: 'Stay',
} as const;
