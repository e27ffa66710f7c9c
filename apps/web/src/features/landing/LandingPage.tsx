import { usePageTitle } from "../../lib/use-page-title.ts";
import { SiteFooter } from "../site/SiteFooter.tsx";
import { Hero } from "./Hero.tsx";
import {
  CallToAction,
  Faq,
  Features,
  HowItWorks,
  Pricing,
  SupportedLanguages,
  VoiceSamples,
} from "./Sections.tsx";

/** The public landing page, its sections in the order of PRODUCT.md § Screens. */
export default function LandingPage() {
  usePageTitle("", "AI Video Dubbing — Break Language Barriers");
  return (
    <>
      <Hero />
      <main>
        <HowItWorks />
        <Features />
        <SupportedLanguages />
        <VoiceSamples />
        <Pricing />
        <CallToAction />
        <Faq />
      </main>
      <SiteFooter />
    </>
  );
}
