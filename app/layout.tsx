import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Legajo", template: "%s · Legajo" },
  description: "Informes normalizados por CUIT y catálogo de datasets públicos de Argentina.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es-AR">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
