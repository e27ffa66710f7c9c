import { createContext, useContext, useEffect } from "react";

const APP_NAME = "AI Video Dubbing";

/** Lets the signed-in layout show the page name in its header. */
export const HeaderTitleContext = createContext<(title: string) => void>(() => {});

/** Sets the browser tab title and, inside the app layout, the header title. */
export function usePageTitle(title: string, documentTitle = title) {
  const setHeader = useContext(HeaderTitleContext);
  useEffect(() => {
    document.title = documentTitle || APP_NAME;
    setHeader(title);
  }, [title, documentTitle, setHeader]);
}
