import { LogoMark } from "../../components/icons.tsx";
import { SiteLink as Link } from "../../components/SiteLink.tsx";
import { useTrueCounts } from "./true-counts.ts";

export function SiteFooter() {
  const counted = useTrueCounts();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <LogoMark className="size-7" /> AI Dubbing
          </p>
          <p className="mt-3 max-w-sm text-sm text-slate-600">
            {counted(
              "Dub your videos into 20+ languages with lifelike AI voices, and reach a global audience.",
            )}
          </p>
        </div>
        <nav aria-label="Product" className="text-sm">
          <p className="font-semibold text-slate-900">Product</p>
          <ul className="mt-3 space-y-2 text-slate-600">
            <li>
              <a href="/#pricing" className="hover:text-slate-900">
                Pricing
              </a>
            </li>
            <li>
              <Link to="/blog" className="hover:text-slate-900">
                Blog
              </Link>
            </li>
            <li>
              <Link to="/signup" className="hover:text-slate-900">
                Sign up
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="text-sm">
          <p className="font-semibold text-slate-900">Legal</p>
          <ul className="mt-3 space-y-2 text-slate-600">
            <li>
              <Link to="/terms-of-service" className="hover:text-slate-900">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:text-slate-900">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/refund-policy" className="hover:text-slate-900">
                Refund Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} AI Dubbing. All rights reserved.
      </p>
    </footer>
  );
}
