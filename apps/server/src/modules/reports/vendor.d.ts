// svg-to-pdfkit and fontkit ship no types: the calls this module and its test make.
declare module 'svg-to-pdfkit' {
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: {
      fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
      assumePt?: boolean;
    },
  ): void;
}

declare module 'fontkit' {
  export interface Font {
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): { id: number };
    /** The text shaped: its advance in font units. */
    layout(text: string): { advanceWidth: number };
  }
  export function create(data: Buffer): Font;
}
