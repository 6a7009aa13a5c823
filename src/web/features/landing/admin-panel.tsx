import { LayoutDashboard, Play, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

export function AdminPanel() {
  return (
    <section aria-labelledby="admin-panel-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <Card className="border-primary/40">
        <CardHeader>
          <CardTitle id="admin-panel-title" className="flex items-center gap-2">
            <ShieldAlert className="size-5 text-primary" aria-hidden="true" />
            Admin Panel
          </CardTitle>
          <CardDescription>You are signed in as an administrator.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              Go to Dashboard
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/audits">
              <Play aria-hidden="true" />
              Run Audit
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/admin">
              <ShieldAlert aria-hidden="true" />
              Admin Area
            </Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
