import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

export default function NotFoundPage() {
  return (
    <div className="flex w-full items-center justify-center py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="flex-row items-center gap-3">
          <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
          <h1 className="text-xl font-semibold tracking-tight">Page Not Found</h1>
        </CardHeader>
        <CardContent className="grid gap-5">
          <CardDescription>Did you forget to add the page to the router?</CardDescription>
          <Button asChild variant="outline" className="justify-self-start">
            <Link href="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
