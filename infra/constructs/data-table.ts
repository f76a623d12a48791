import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableShape } from '../../functions/lib/db/table.ts';

/** The one table and its stream, from the same shape the local runtime creates (functions/lib/db/table.ts). */
export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: { retainData: boolean }) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: key(tableShape.partitionKey),
      sortKey: key(tableShape.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableShape.timeToLiveAttribute,
      // Every write's old and new image feed the one consumer of side effects (functions/streams/).
      stream: StreamViewType[tableShape.streamViewType],
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of tableShape.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
  }
}
