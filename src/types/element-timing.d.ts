import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    /**
     * The Element Timing API's name for this image: the browser reports when it is painted
     * (`PerformanceObserver`, type 'element'). React writes it to the HTML as it is.
     */
    elementtiming?: string | undefined;
  }
}
