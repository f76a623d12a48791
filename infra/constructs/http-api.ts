import { Fn } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { handlerModule, httpRoutes, needsSigningKey, type HttpRoute } from '../../functions/routes.ts';
import type { RouteFunctions } from './route-functions.ts';

/** The HTTP API (payload 2.0), one route and one Lambda per entry of the route table. */
export class RoutesApi extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: { stageName: string; functions: RouteFunctions; bundles: Record<string, string> }) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { apiName: `forest-resort-${props.stageName}-http`, createDefaultStage: true });
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const bundle = props.bundles[handlerModule(route)];
      if (!bundle) throw new Error(`No bundle for ${handlerModule(route)}`);
      const handler = props.functions.add(route.name, {
        bundle,
        needs: { access: route.access, notifies: route.notifies ?? false, verifiesTokens: needsSigningKey(route) },
      });
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}-integration`, handler),
      });
    }
  }

  /** The API's host name, for CloudFront's origin (apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com). */
  get domainName(): string {
    return Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
